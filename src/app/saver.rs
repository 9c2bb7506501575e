//! Saving settings off the UI thread: a save syncs the file to disk, which can take long enough to
//! stall a frame. Saves asked for while one is under way are coalesced into one of the newest.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

use crate::store::settings::{SaveError, Saved, Settings, Store};

enum Message {
    Save(Box<Settings>),
    /// Answered once every save asked for before it is done.
    Flush(Sender<()>),
}

/// Handle to the saving thread. Dropping it lets the thread finish the saves already asked for.
pub struct SettingsSaver {
    path: PathBuf,
    requests: Sender<Message>,
    results: Receiver<Result<Saved, SaveError>>,
}

impl SettingsSaver {
    /// Starts the thread that saves through `store`; `wake` is called after every save.
    pub fn spawn(store: Store, wake: impl Fn() + Send + 'static) -> SettingsSaver {
        let path = store.path().to_owned();
        let (requests, inbox) = mpsc::channel();
        let (outbox, results) = mpsc::channel();
        thread::Builder::new()
            .name("settings".into())
            .spawn(move || serve(store, &inbox, &outbox, &wake))
            .expect("the OS can start a thread");
        SettingsSaver {
            path,
            requests,
            results,
        }
    }

    /// The settings file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Asks for `settings` to be saved; returns at once.
    pub fn save(&self, settings: &Settings) {
        // Fails only if the thread is gone, and then there is nobody to tell.
        let _ = self
            .requests
            .send(Message::Save(Box::new(settings.clone())));
    }

    /// Waits until every save asked for so far is done (on exit, and in tests).
    pub fn flush(&self) {
        let (done, wait) = mpsc::channel();
        if self.requests.send(Message::Flush(done)).is_ok() {
            let _ = wait.recv();
        }
    }

    /// The outcome of a finished save, if one has come in.
    pub fn try_result(&self) -> Option<Result<Saved, SaveError>> {
        self.results.try_recv().ok()
    }
}

fn serve(
    mut store: Store,
    inbox: &Receiver<Message>,
    outbox: &Sender<Result<Saved, SaveError>>,
    wake: &dyn Fn(),
) {
    let mut newest: Option<Box<Settings>> = None;
    while let Ok(message) = inbox.recv() {
        let mut flushes = Vec::new();
        // Take everything already waiting: only the newest settings need writing.
        for message in std::iter::once(message).chain(inbox.try_iter()) {
            match message {
                Message::Save(settings) => newest = Some(settings),
                Message::Flush(done) => flushes.push(done),
            }
        }
        if let Some(settings) = newest.take() {
            if outbox.send(store.save(&settings)).is_err() {
                return;
            }
            wake();
        }
        for done in flushes {
            let _ = done.send(());
        }
    }
}
