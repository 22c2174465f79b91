//! What the web app's tests share: `solvebatch serve` started on a free port of the loopback
//! address, stopped when the test ends, however it ends.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Stdio};
use std::time::{Duration, Instant};

/// A running `solvebatch serve`, killed when dropped.
pub struct Server {
    child: Child,
    /// Kept open: the server may print to it.
    _stdout: BufReader<ChildStdout>,
    /// The address it printed, such as `http://127.0.0.1:40123/`.
    pub url: String,
}

impl Server {
    /// Starts `solvebatch serve --port 0` with `args` in the repository's folder and waits for the
    /// address it prints.
    pub fn start(args: &[&str]) -> Server {
        let mut child = crate::common::child()
            .args(["serve", "--port", "0"])
            .args(args)
            .current_dir(repository())
            .stdout(Stdio::piped())
            .spawn()
            .expect("solvebatch serve starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("standard output is piped"));
        let mut line = String::new();
        stdout.read_line(&mut line).expect("the server prints its address");
        let mut server = Server { child, _stdout: stdout, url: String::new() };
        let start =
            line.find("http://").unwrap_or_else(|| panic!("no address in the server's first line {line:?}"));
        server.url = line[start..].split_whitespace().next().unwrap_or_default().to_string();
        server
    }

    /// The full address of `path` (which starts with `/`).
    pub fn at(&self, path: &str) -> String {
        format!("{}{}", self.url.trim_end_matches('/'), path)
    }

    /// The host and port, such as `127.0.0.1:40123`.
    #[allow(dead_code)]
    pub fn address(&self) -> &str {
        self.url.trim_start_matches("http://").trim_end_matches('/')
    }

    /// The server's process id.
    #[allow(dead_code)]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// A connection to the server on which a `POST` of `body` (of type `content_type`) to `path`
    /// has been sent, whole; the caller reads the answer or closes the connection without reading it.
    #[allow(dead_code)]
    pub fn send_post(&self, path: &str, content_type: &str, body: &[u8]) -> TcpStream {
        let mut stream = TcpStream::connect(self.address()).expect("the server accepts connections");
        write!(
            stream,
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\r\n",
            self.address(),
            body.len()
        )
        .and_then(|()| stream.write_all(body))
        .expect("the request is sent");
        stream
    }

    /// The state letters of the server's solving threads (`R` running, `S` sleeping), from `/proc`.
    #[allow(dead_code)]
    pub fn worker_states(&self) -> Vec<char> {
        let tasks = Path::new("/proc").join(self.pid().to_string()).join("task");
        let mut states = Vec::new();
        for task in std::fs::read_dir(tasks).expect("/proc lists the server's threads").flatten() {
            let read = |name: &str| std::fs::read_to_string(task.path().join(name)).unwrap_or_default();
            if read("comm").starts_with("solve-") {
                let stat = read("stat");
                states.extend(stat[stat.rfind(')').map_or(0, |end| end + 1)..].trim_start().chars().next());
            }
        }
        states
    }

    /// How many connections wait in the listening socket's queue, not yet accepted (`/proc/net/tcp`).
    #[allow(dead_code)]
    pub fn unaccepted_connections(&self) -> usize {
        let port = self.address().rsplit(':').next().and_then(|port| port.parse::<u16>().ok()).unwrap();
        let table = std::fs::read_to_string("/proc/net/tcp").expect("/proc/net/tcp is readable");
        table
            .lines()
            .skip(1)
            .map(|line| line.split_whitespace().collect::<Vec<_>>())
            // The listening socket (state 0A) on the port; the queue's length is `rx_queue`.
            .find(|fields| fields[1].ends_with(&format!(":{port:04X}")) && fields[3] == "0A")
            .and_then(|fields| usize::from_str_radix(fields[4].split(':').nth(1)?, 16).ok())
            .expect("the listening socket is in /proc/net/tcp")
    }
}

/// One answer read from `stream`, headers and body (by its `content-length`), the connection left
/// open; at most 10 s.
#[allow(dead_code)]
pub fn read_answer(stream: &mut TcpStream) -> String {
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut received = Vec::new();
    let mut byte = [0];
    while !received.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte).expect("the server answers within 10 s");
        received.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&received).to_ascii_lowercase();
    let length = head
        .lines()
        .find_map(|line| line.strip_prefix("content-length: "))
        .and_then(|length| length.trim().parse::<usize>().ok())
        .expect("the answer has a content-length");
    let mut body = vec![0; length];
    stream.read_exact(&mut body).expect("the whole body arrives within 10 s");
    received.extend(body);
    String::from_utf8_lossy(&received).into_owned()
}

/// What a connection receives until the server closes it (at most 5 s: a test never hangs, and
/// the server's own timeouts are 10 s unless a test shortens them).
#[allow(dead_code)]
pub fn read_to_close(stream: &mut TcpStream) -> String {
    stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut received = Vec::new();
    stream.read_to_end(&mut received).expect("the server closes the connection within 5 s");
    String::from_utf8_lossy(&received).into_owned()
}

/// Calls `probe` until it gives a value, every 10 ms for at most 10 s (a state the test waits for,
/// never a time it hopes is enough).
#[allow(dead_code)]
pub fn wait_for<T>(what: &str, mut probe: impl FnMut() -> Option<T>) -> T {
    let started = Instant::now();
    loop {
        if let Some(value) = probe() {
            return value;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "waited 10 s for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The repository's folder.
pub fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A file of `datasets/`.
pub fn dataset(path: &str) -> PathBuf {
    repository().join("datasets").join(path)
}
