//! The web app under bad clients, all on 127.0.0.1: well-behaved clients solving small files while a
//! quarter of the clients send long solves and drop their connections mid-solve, and slowloris
//! connections trickle their headers a byte at a time. Every answer the good clients get must be
//! right, every slowloris connection closed by the server, and no worker lost.
//!
//! `cargo test --test tests serve_faults` runs a short version; the full one (1,000 requests from 200
//! clients and 50 slowloris connections, after the same good clients alone) runs on demand and
//! prints its figures:
//! `SOLVEBATCH_FULL_LOAD=1 cargo test --release --test tests serve_faults -- --nocapture`.

use std::io::Write;
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::server::{dataset, Server};

/// The shape of a load.
struct Load {
    /// Clients at once, good and dropping.
    clients: usize,
    /// Requests of all the clients together, as many from each.
    requests: usize,
    /// Whether a quarter of the clients drop their requests mid-solve.
    droppers: bool,
    /// Slowloris connections held open beside the clients.
    slowloris: usize,
}

/// What a load measured.
struct Figures {
    /// Latencies of the good clients' requests (all answered and checked), sorted.
    latencies: Vec<Duration>,
    /// Slowloris connections the server closed.
    closed: usize,
}

impl Figures {
    fn percentile(&self, percent: usize) -> Duration {
        self.latencies[(self.latencies.len() * percent / 100).min(self.latencies.len() - 1)]
    }
}

/// The small inputs of the good clients, with the outputs they must get.
fn small_solves() -> Vec<(String, Vec<u8>, String)> {
    [
        ("tournament", "tournament/spec-example.csv", "tournament/spec-example.csv.expected"),
        (
            "tournament",
            "tournament/generated/tournament-15-d3-s10-planted.csv",
            "tournament/generated/tournament-15-d3-s10-planted.csv.expected",
        ),
        ("tictactoe", "tictactoe/00-example.in", "tictactoe/00-example.ref"),
        ("guess", "guess/answers.guess", "guess/answers.guess.expected"),
    ]
    .into_iter()
    .map(|(family, input, output)| {
        let read = |path: &str| std::fs::read(dataset(path)).unwrap();
        (format!("/api/solve/{family}"), read(input), String::from_utf8(read(output)).unwrap())
    })
    .collect()
}

/// A solve that runs for its whole time limit.
const HARD: &str = "/api/solve/tournament?solver=backtrack&timeout=60";

/// A batch of 40 copies of an instance that takes tens of milliseconds: seconds of work, which the
/// dropping clients abandon.
fn long_batch() -> (String, Vec<u8>) {
    let instance = std::fs::read(dataset("tournament/generated/tournament-25-d2-s9-planted.csv")).unwrap();
    let boundary = "solvebatch-faults";
    let mut body = Vec::new();
    for index in 0..40 {
        write!(
            body,
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{index:02}.csv\"\r\n\r\n"
        )
        .unwrap();
        body.extend_from_slice(&instance);
        body.extend_from_slice(b"\r\n");
    }
    write!(body, "--{boundary}--\r\n").unwrap();
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// Whether the server has closed `stream` (its end is readable), without waiting.
fn closed_by_server(stream: &TcpStream) -> bool {
    stream.set_nonblocking(true).unwrap();
    let closed =
        !matches!(stream.peek(&mut [0]), Err(error) if error.kind() == std::io::ErrorKind::WouldBlock);
    stream.set_nonblocking(false).unwrap();
    closed
}

/// A client that sends request headers a byte every 50 ms, again on a new connection each time the
/// server closes one, until `done`; counts itself in `seen` when the server first closes one, and
/// answers how many the server closed.
fn slowloris(server: &Server, done: &AtomicBool, seen: &AtomicUsize) -> usize {
    let request = b"POST /api/solve/tournament HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ";
    let mut closed = 0;
    while !done.load(Ordering::Relaxed) {
        let mut stream = TcpStream::connect(server.address()).unwrap();
        for byte in request.iter().chain(std::iter::repeat(&b'x')) {
            if done.load(Ordering::Relaxed) {
                return closed;
            }
            if stream.write_all(&[*byte]).is_err() || closed_by_server(&stream) {
                closed += 1;
                if closed == 1 {
                    seen.fetch_add(1, Ordering::Relaxed);
                }
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    closed
}

/// Runs `load` on `server` and checks every answer; then that no worker is left busy or lost.
fn run(server: &Server, workers: usize, load: &Load) -> Figures {
    let solves = small_solves();
    let (content_type, batch) = long_batch();
    let hard = std::fs::read(dataset("tournament/hard/tournament-45-d6-s3-planted.pairings")).unwrap();
    let done = AtomicBool::new(false);
    let seen = AtomicUsize::new(0);
    let (latencies, closed) = std::thread::scope(|scope| {
        let slow: Vec<_> =
            (0..load.slowloris).map(|_| scope.spawn(|| slowloris(server, &done, &seen))).collect();
        let clients: Vec<_> = (0..load.clients)
            .map(|client| {
                let (solves, batch, content_type, hard) = (&solves, &batch, &content_type, &hard);
                scope.spawn(move || {
                    let dropper = load.droppers && client % 4 == 3;
                    let agent: ureq::Agent =
                        ureq::Agent::config_builder().http_status_as_error(false).build().into();
                    let mut latencies = Vec::new();
                    for request in 0..load.requests / load.clients {
                        if dropper {
                            // Half of the dropped requests are batches, half hard single solves.
                            let gone = if request % 2 == 0 {
                                server.send_post("/api/batch?timeout=60", content_type, batch)
                            } else {
                                server.send_post(HARD, "text/csv", hard)
                            };
                            // Gone mid-solve: a few milliseconds after the request, as a client
                            // that gives up.
                            std::thread::sleep(Duration::from_millis(5 + (client as u64 % 20)));
                            drop(gone);
                            continue;
                        }
                        let (path, input, output) = &solves[client % solves.len()];
                        let sent = Instant::now();
                        let mut response = agent.post(server.at(path)).send(&input[..]).unwrap();
                        let status = response.status().as_u16();
                        let text = response.body_mut().read_to_string().unwrap();
                        latencies.push(sent.elapsed());
                        let record: serde_json::Value = serde_json::from_str(&text).unwrap();
                        assert_eq!(
                            (status, record["output"].as_str().unwrap()),
                            (200, output.as_str()),
                            "{path}"
                        );
                    }
                    latencies
                })
            })
            .collect();
        let mut latencies: Vec<Duration> =
            clients.into_iter().flat_map(|client| client.join().unwrap()).collect();
        if load.slowloris > 0 {
            // Every slowloris client sees the server close a connection before it stops.
            crate::server::wait_for("the server to close every slowloris client's connection", || {
                (seen.load(Ordering::Relaxed) == load.slowloris).then_some(())
            });
        }
        done.store(true, Ordering::Relaxed);
        let closed = slow.into_iter().map(|slow| slow.join().unwrap()).sum::<usize>();
        latencies.sort();
        (latencies, closed)
    });
    // No worker lost, none left solving for a client gone, and the server still answers.
    let states = crate::server::wait_for("every worker to be idle", || {
        let states = server.worker_states();
        states.iter().all(|state| *state == 'S').then_some(states)
    });
    assert_eq!(states.len(), workers);
    let (path, input, output) = &solves[0];
    let answer = ureq::post(server.at(path)).send(&input[..]).unwrap().body_mut().read_to_string().unwrap();
    assert!(answer.contains(&serde_json::to_string(output).unwrap()), "{answer}");
    Figures { latencies, closed }
}

/// The server for a load: `workers` threads, headers due within 2 s (so that a short run sees the
/// slowloris connections closed).
fn start(workers: usize) -> Server {
    Server::start(&["--workers", &workers.to_string(), "--header-timeout", "2"])
}

/// The server's peak resident memory in KiB, from `/proc`.
fn peak_memory_kib(server: &Server) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.pid())).unwrap();
    let line = status.lines().find(|line| line.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// The good clients' latencies and the server's peak memory, for the record.
fn report(what: &str, figures: &Figures, server: &Server) {
    println!(
        "{what}: {} answers, p50 {:?}, p99 {:?}, {} slowloris connections closed, peak memory {} MiB",
        figures.latencies.len(),
        figures.percentile(50),
        figures.percentile(99),
        figures.closed,
        peak_memory_kib(server) >> 10
    );
}

/// The short load; with `SOLVEBATCH_FULL_LOAD=1` the full one, after the same good clients alone,
/// with the figures printed (`--nocapture`).
#[test]
fn bad_clients_leave_good_answers_right_and_every_worker_free() {
    let full = std::env::var_os("SOLVEBATCH_FULL_LOAD").is_some_and(|value| value == "1");
    let (workers, load) = if full {
        (
            std::thread::available_parallelism().map_or(2, usize::from),
            Load { clients: 200, requests: 1000, droppers: true, slowloris: 50 },
        )
    } else {
        (2, Load { clients: 20, requests: 100, droppers: true, slowloris: 5 })
    };
    let good = load.requests / load.clients * (load.clients - load.clients / 4);
    if full {
        let alone =
            Load { clients: load.clients - load.clients / 4, requests: good, droppers: false, slowloris: 0 };
        let server = start(workers);
        let figures = run(&server, workers, &alone);
        assert_eq!(figures.latencies.len(), good);
        report("good clients alone", &figures, &server);
    }
    let server = start(workers);
    let figures = run(&server, workers, &load);
    assert_eq!(figures.latencies.len(), good, "every good client got all its answers");
    if full {
        report("beside the dropping clients and the slowloris connections", &figures, &server);
    }
}
