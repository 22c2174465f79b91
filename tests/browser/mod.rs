//! A real browser for the web app's tests: headless Chromium driven through chromedriver (WebDriver),
//! both started here on free ports and stopped when the test ends, however it ends.

use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};
use tempfile::TempDir;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// How long a page may take to show what a step waits for.
const PATIENCE: Duration = Duration::from_secs(10);

/// chromedriver in a process group of its own (with the browsers it starts), killed with the whole
/// group when dropped.
pub struct Chromedriver {
    child: Child,
    port: u16,
}

impl Chromedriver {
    /// Starts chromedriver on a free port and waits until it listens.
    ///
    /// # Panics
    /// When Chromium or chromedriver is not installed: `.ci/run` installs both.
    pub fn start() -> Chromedriver {
        for tool in [CHROMIUM, CHROMEDRIVER] {
            assert!(
                Path::new(tool).exists(),
                "{tool} is missing: the browser tests need Chromium and chromedriver, which .ci/run installs \
                 (apt-get install -y chromium chromium-driver)"
            );
        }
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("chromedriver starts");
        let driver = Chromedriver { child, port };
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(started.elapsed() < PATIENCE, "chromedriver does not listen on port {port}");
            std::thread::sleep(Duration::from_millis(50));
        }
        driver
    }
}

impl Drop for Chromedriver {
    fn drop(&mut self) {
        // The group's id is chromedriver's own id: this ends it and every browser it started.
        let group = -(self.child.id() as i32);
        unsafe { libc::kill(group, libc::SIGKILL) };
        let _ = self.child.wait();
    }
}

/// A browser session with its own fresh profile and download folder.
pub struct Browser {
    /// The WebDriver client.
    pub client: Client,
    /// Where downloads land.
    pub downloads: PathBuf,
    _profile: TempDir,
    _download_dir: TempDir,
    // Dropped last: the browser goes with it.
    _driver: Chromedriver,
}

impl Browser {
    /// Starts chromedriver and a headless Chromium with a fresh profile.
    pub async fn start() -> Browser {
        let driver = Chromedriver::start();
        let profile = TempDir::new().unwrap();
        let download_dir = TempDir::new().unwrap();
        let options = json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
                "--window-size=1280,900", format!("--user-data-dir={}", profile.path().display()),
            ],
            "prefs": {
                "download.default_directory": download_dir.path(),
                "download.prompt_for_download": false,
            },
        });
        let mut capabilities = serde_json::Map::new();
        capabilities.insert("goog:chromeOptions".to_string(), options);
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
            .expect("chromedriver starts a headless Chromium");
        let downloads = download_dir.path().to_path_buf();
        Browser { client, downloads, _profile: profile, _download_dir: download_dir, _driver: driver }
    }

    /// The value of the JavaScript expression `expression` on the current page.
    pub async fn eval(&self, expression: &str) -> Value {
        self.client.execute(&format!("return ({expression});"), Vec::new()).await.expect("the script runs")
    }

    /// The value of `expression` as a string (`""` when it is not one).
    pub async fn text(&self, expression: &str) -> String {
        self.eval(expression).await.as_str().unwrap_or_default().to_string()
    }

    /// Waits until `condition` (a JavaScript expression) is true.
    ///
    /// # Panics
    /// When it is still false after 10 s, naming `what` was awaited.
    pub async fn wait_until(&self, condition: &str, what: &str) {
        let started = Instant::now();
        while self.eval(condition).await != Value::Bool(true) {
            assert!(started.elapsed() < PATIENCE, "waited 10 s for {what} ({condition})");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Clicks the element with the id `id`.
    pub async fn click(&self, id: &str) {
        self.client
            .find(Locator::Id(id))
            .await
            .unwrap_or_else(|_| panic!("no element #{id}"))
            .click()
            .await
            .expect("click");
    }

    /// Gives `path` to the file input with the id `id`, as choosing it in the file dialog would.
    pub async fn choose_file(&self, id: &str, path: &Path) {
        let input = self.client.find(Locator::Id(id)).await.unwrap_or_else(|_| panic!("no element #{id}"));
        input.send_keys(&path.display().to_string()).await.expect("the file input takes the path");
    }

    /// The bytes of the file `name` once the browser has downloaded it whole (it renames a download
    /// into place when done).
    ///
    /// # Panics
    /// When it is not there after 10 s.
    #[allow(dead_code)]
    pub async fn downloaded(&self, name: &str) -> Vec<u8> {
        let started = Instant::now();
        loop {
            if let Ok(bytes) = std::fs::read(self.downloads.join(name)) {
                return bytes;
            }
            assert!(started.elapsed() < PATIENCE, "waited 10 s for the download {name}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Saves a picture of the window as `serve-screenshots/NAME.png` in cargo's folder for test data
    /// (`target/tmp`, or under `CARGO_TARGET_DIR` when that is set).
    pub async fn screenshot(&self, name: &str) {
        let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-screenshots");
        std::fs::create_dir_all(&folder).unwrap();
        let picture = self.client.screenshot().await.expect("a screenshot");
        std::fs::write(folder.join(format!("{name}.png")), picture).unwrap();
    }

    /// Ends the browser session.
    pub async fn close(self) {
        let _ = self.client.clone().close().await;
    }
}

/// The rounds of [`three_rounds_file`], in the order of `--all` (worked out in
/// tests/serve_tournament.rs): 0-1 and 2-3 at tables 0 and 1, then 2-3 and 0-1, then 0-2 and 1-3.
pub const THREE_ROUNDS: [&str; 3] = [
    "Table 0: 0 vs. 1\nTable 1: 2 vs. 3\n",
    "Table 0: 2 vs. 3\nTable 1: 0 vs. 1\n",
    "Table 0: 0 vs. 2\nTable 1: 1 vs. 3\n",
];

/// A folder holding `three.csv`, a pairing file of two tables with the three [`THREE_ROUNDS`], and its
/// path.
pub fn three_rounds_file() -> (TempDir, PathBuf) {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("three.csv");
    std::fs::write(&file, "2\n0,1,0\n2,3,0\n0,2,0\n2,3,1\n0,1,1\n1,3,1\n").unwrap();
    (folder, file)
}

/// Runs a test's steps on a runtime of its own.
pub fn run(steps: impl std::future::Future<Output = ()>) {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(steps);
}
