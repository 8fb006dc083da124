//! A real S3 protocol server in process (`s3s-fs`, keeping objects in a folder), for the
//! tests of media storage on S3.

use std::path::PathBuf;

/// A running S3 server with one bucket.
pub struct S3Server {
    /// The bucket's folder: objects appear here as files.
    pub bucket_dir: PathBuf,
    pub bucket: String,
    /// `bazaar_media::Storage::open` options that reach this server.
    pub options: Vec<(String, String)>,
    _root: TempRoot,
}

/// The credentials the server accepts.
pub const ACCESS_KEY: &str = "test-key";
pub const SECRET_KEY: &str = "test-secret";

/// Removes a server's own folder when the server is dropped.
struct TempRoot(Option<PathBuf>);

impl Drop for TempRoot {
    fn drop(&mut self) {
        if let Some(root) = &self.0 {
            let _ = std::fs::remove_dir_all(root);
        }
    }
}

impl S3Server {
    /// Starts a server on 127.0.0.1 with the bucket `bucket`, on the current runtime; its
    /// folder is removed when the server is dropped.
    pub async fn start(bucket: &str) -> S3Server {
        let root =
            std::env::temp_dir().join(format!("bazaar-s3-{}", uuid::Uuid::now_v7().simple()));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let mut server = Self::serve(listener, root.clone(), bucket);
        server._root = TempRoot(Some(root));
        server
    }

    /// Serves the folder `root` (buckets are its subfolders) on `listener`, creating
    /// `bucket`, until the runtime stops. The folder is kept.
    pub fn serve(listener: tokio::net::TcpListener, root: PathBuf, bucket: &str) -> S3Server {
        let bucket_dir = root.join(bucket);
        std::fs::create_dir_all(&bucket_dir).expect("the S3 server's folder");
        let fs = s3s_fs::FileSystem::new(&root).expect("the S3 server's file system");
        let service = {
            let mut b = s3s::service::S3ServiceBuilder::new(fs);
            b.set_auth(s3s::auth::SimpleAuth::from_single(ACCESS_KEY, SECRET_KEY));
            b.build()
        };
        let addr = listener.local_addr().expect("the port");
        tokio::spawn(async move {
            let http =
                hyper_util::server::conn::auto::Builder::new(hyper_util::rt::TokioExecutor::new());
            while let Ok((socket, _)) = listener.accept().await {
                let conn = http
                    .serve_connection(hyper_util::rt::TokioIo::new(socket), service.clone())
                    .into_owned();
                tokio::spawn(conn);
            }
        });
        let options = [
            ("aws_endpoint", format!("http://{addr}")),
            ("aws_allow_http", "true".to_owned()),
            ("aws_access_key_id", ACCESS_KEY.to_owned()),
            ("aws_secret_access_key", SECRET_KEY.to_owned()),
            ("aws_region", "us-east-1".to_owned()),
            ("aws_virtual_hosted_style_request", "false".to_owned()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
        S3Server {
            bucket_dir,
            bucket: bucket.to_owned(),
            options,
            _root: TempRoot(None),
        }
    }

    /// The finished objects in the bucket (multipart parts in progress are left out).
    pub fn objects(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut stack = vec![self.bucket_dir.clone()];
        while let Some(dir) = stack.pop() {
            for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = e.path();
                let rel = path
                    .strip_prefix(&self.bucket_dir)
                    .expect("inside")
                    .display()
                    .to_string();
                if rel.starts_with('.') {
                    continue;
                }
                if path.is_dir() {
                    stack.push(path);
                } else {
                    out.push(rel);
                }
            }
        }
        out.sort();
        out
    }
}
