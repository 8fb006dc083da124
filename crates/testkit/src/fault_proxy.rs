//! A small HTTP proxy that puts faults between a client and a real server: for the tests of
//! what a client does when the server is down, hangs or answers garbage.
//!
//! ```no_run
//! # async fn example() {
//! use bazaar_testkit::fault_proxy::{Fault, FaultProxy};
//! let proxy = FaultProxy::start("http://127.0.0.1:7700").await;
//! // point the client at proxy.url: it reaches the server as usual
//! proxy.set(Fault::Unavailable); // now every request gets a 503
//! # }
//! ```

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// What the proxy does to each request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// Passes requests and answers through.
    None,
    /// Closes each connection as soon as it is made, like a server that has gone away.
    Refuse,
    /// Reads the request and never answers, like a server that hangs.
    Hang,
    /// Answers `503 Service Unavailable`, like a load balancer in front of a server that is down.
    Unavailable,
    /// Answers `200 OK` with a body that is not JSON.
    Garbage,
}

/// A running proxy; it stops when dropped.
pub struct FaultProxy {
    /// The proxy's base URL, like `http://127.0.0.1:41234`.
    pub url: String,
    fault: watch::Sender<Fault>,
    task: tokio::task::JoinHandle<()>,
}

impl FaultProxy {
    /// Starts a proxy in front of `upstream` (`http://host:port`), passing everything through.
    pub async fn start(upstream: &str) -> Self {
        let upstream = upstream
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_owned();
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind proxy");
        let url = format!("http://{}", listener.local_addr().expect("proxy address"));
        let (fault, watching) = watch::channel(Fault::None);
        let task = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let upstream = upstream.clone();
                let mut watching = watching.clone();
                tokio::spawn(async move {
                    let current = *watching.borrow_and_update();
                    tokio::select! {
                        () = serve(client, &upstream, current) => {}
                        // A new fault closes the connections made under the old one, so that
                        // kept-alive connections meet the new fault too.
                        _ = watching.changed() => {}
                    }
                });
            }
        });
        Self { url, fault, task }
    }

    /// From now on, does `fault` to every request (and closes open connections).
    pub fn set(&self, fault: Fault) {
        self.fault.send_replace(fault);
    }
}

impl Drop for FaultProxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn serve(mut client: TcpStream, upstream: &str, fault: Fault) {
    match fault {
        Fault::None => {
            let Ok(mut server) = TcpStream::connect(upstream).await else {
                return;
            };
            let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
        }
        Fault::Refuse => {}
        Fault::Hang => {
            let _ = read_request(&mut client).await;
            std::future::pending::<()>().await;
        }
        Fault::Unavailable => {
            answer(
                &mut client,
                "503 Service Unavailable",
                "text/html",
                "<h1>503</h1>",
            )
            .await;
        }
        Fault::Garbage => {
            answer(&mut client, "200 OK", "application/json", "<<not json>>").await;
        }
    }
}

/// Answers each request on the connection until the client closes it.
async fn answer(client: &mut TcpStream, status: &str, content_type: &str, body: &str) {
    while read_request(client).await {
        let response = format!(
            "HTTP/1.1 {status}\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        );
        if client.write_all(response.as_bytes()).await.is_err() {
            return;
        }
    }
}

/// Reads one request (head and a `content-length` body); false when the connection ended.
async fn read_request(client: &mut TcpStream) -> bool {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        match client.read(&mut byte).await {
            Ok(1) => head.push(byte[0]),
            _ => return false,
        }
    }
    let head = String::from_utf8_lossy(&head).to_ascii_lowercase();
    let length = head
        .lines()
        .find_map(|line| line.strip_prefix("content-length:"))
        .and_then(|n| n.trim().parse::<usize>().ok())
        .unwrap_or(0);
    let mut body = vec![0u8; length];
    client.read_exact(&mut body).await.is_ok()
}
