//! The LMS a page runs in, through SCORM 1.2's runtime API: found and initialised by the page
//! (`assets/web/index.html`, which walks `window.parent` up to a limit, then `window.opener`, as
//! the runtime specifies, calls `LMSInitialize` on a set's page and `LMSFinish` when the page is
//! left) and offered to the game as `window.tictactoeLms`. The desktop is never in an LMS.

/// Whether the page runs in an LMS that took `LMSInitialize`.
pub fn connected() -> bool {
    implementation::api().is_some()
}

/// The LMS's value of the data model's element `name` ("" where there is none).
pub fn get(name: &str) -> String {
    implementation::call("get", &[name]).unwrap_or_default()
}

/// Sets the element `name` to `value`: whether the LMS took it.
pub fn set(name: &str, value: &str) -> bool {
    implementation::call("set", &[name, value]).as_deref() == Some("true")
}

/// Asks the LMS to keep what was set: whether it did.
pub fn commit() -> bool {
    implementation::call("commit", &[]).as_deref() == Some("true")
}

/// The query of the page's address (where the page is started with its pass mark); "" on the
/// desktop.
pub fn page_query() -> String {
    implementation::page_query()
}

#[cfg(target_arch = "wasm32")]
mod implementation {
    pub use crate::platform::page::query as page_query;

    use wasm_bindgen::JsCast;

    /// The page's `window.tictactoeLms`, where the page found an LMS.
    pub fn api() -> Option<js_sys::Object> {
        let window = web_sys::window()?;
        let lms = js_sys::Reflect::get(&window, &"tictactoeLms".into()).ok()?;
        lms.dyn_into::<js_sys::Object>().ok()
    }

    /// Calls `window.tictactoeLms[method](...arguments)`, its answer as text.
    pub fn call(method: &str, arguments: &[&str]) -> Option<String> {
        let lms = api()?;
        let function: js_sys::Function = js_sys::Reflect::get(&lms, &method.into())
            .ok()?
            .dyn_into()
            .ok()?;
        let arguments: js_sys::Array = arguments
            .iter()
            .map(|a| wasm_bindgen::JsValue::from_str(a))
            .collect();
        let answer = function.apply(&lms, &arguments).ok()?;
        Some(match answer.as_string() {
            Some(text) => text,
            None => match answer.as_bool() {
                Some(true) => "true".into(),
                Some(false) => "false".into(),
                None => String::new(),
            },
        })
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod implementation {
    pub fn page_query() -> String {
        String::new()
    }

    pub fn api() -> Option<()> {
        None
    }

    pub fn call(_method: &str, _arguments: &[&str]) -> Option<String> {
        None
    }
}
