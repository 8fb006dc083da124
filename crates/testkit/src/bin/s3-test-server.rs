//! An S3 protocol server (`s3s-fs`) for the scale-out test, whose `serve` and `worker`
//! processes share uploaded media through it:
//!
//!     s3-test-server DIR BUCKET
//!
//! serves the folder DIR on 127.0.0.1 with the bucket BUCKET (credentials `test-key` /
//! `test-secret`), prints `http://127.0.0.1:PORT` on its first line, and runs until killed.

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir, bucket] = args.as_slice() else {
        eprintln!("usage: s3-test-server DIR BUCKET");
        std::process::exit(2);
    };
    let listener = match tokio::net::TcpListener::bind("127.0.0.1:0").await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("cannot listen: {e}");
            std::process::exit(1);
        }
    };
    let server = bazaar_testkit::s3::S3Server::serve(listener, dir.into(), bucket);
    let endpoint = server
        .options
        .iter()
        .find(|(k, _)| k == "aws_endpoint")
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    println!("{endpoint}");
    std::future::pending::<()>().await;
}
