//! Saving settings off the UI thread: a save syncs the file to disk, which can take long enough to
//! stall a frame. Saves asked for while one is under way are coalesced into one of the newest.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};

use crate::platform::Server;
use crate::store::settings::{SaveError, Saved, Settings, Store};

enum Message {
    Save(Box<Settings>),
    /// Answered once every save asked for before it is done.
    Flush(Sender<()>),
}

/// Handle to the saving thread. Dropping it lets the thread finish the saves already asked for.
pub struct SettingsSaver {
    path: PathBuf,
    requests: Server<Message>,
    results: Receiver<Result<Saved, SaveError>>,
}

impl SettingsSaver {
    /// Starts the thread that saves through `store`; `wake` is called after every save.
    pub fn spawn(store: Store, wake: impl Fn() + Send + 'static) -> SettingsSaver {
        let path = store.path().to_owned();
        let (outbox, results) = mpsc::channel();
        let mut store = store;
        let requests = Server::spawn("settings", move |batch| {
            serve(&mut store, batch, &outbox, &wake);
        });
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
        self.requests
            .send(Message::Save(Box::new(settings.clone())));
    }

    /// Waits until every save asked for so far is done (on exit, and in tests).
    pub fn flush(&self) {
        let (done, wait) = mpsc::channel();
        if self.requests.send(Message::Flush(done)) {
            let _ = wait.recv();
        }
    }

    /// The outcome of a finished save, if one has come in.
    pub fn try_result(&self) -> Option<Result<Saved, SaveError>> {
        self.results.try_recv().ok()
    }
}

/// Saves the newest settings of `batch` (the older ones need no writing), then answers its
/// flushes.
fn serve(
    store: &mut Store,
    batch: Vec<Message>,
    outbox: &Sender<Result<Saved, SaveError>>,
    wake: &dyn Fn(),
) {
    let mut newest: Option<Box<Settings>> = None;
    let mut flushes = Vec::new();
    for message in batch {
        match message {
            Message::Save(settings) => newest = Some(settings),
            Message::Flush(done) => flushes.push(done),
        }
    }
    if let Some(settings) = newest {
        // Nobody reads the outcome once the app is gone; the flushes are still answered.
        let _ = outbox.send(store.save(&settings));
        wake();
    }
    for done in flushes {
        let _ = done.send(());
    }
}
