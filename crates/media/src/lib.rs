//! Media storage: where uploads live (a folder under the data dir, or any S3-compatible
//! bucket so that many `serve` processes share them), how an upload is received
//! (streamed, its type told from its bytes, metadata stripped, limits and quota enforced,
//! nothing kept when it fails), and the WebP renditions the site shows.

pub mod fetch;
pub mod format;
pub mod renditions;

use std::path::Path;
use std::sync::Arc;

use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as Key;
use object_store::prefix::PrefixStore;
use object_store::{GetOptions, GetRange, ObjectStore, ObjectStoreExt, WriteMultipart};

pub use format::{Damaged, Format};

/// Uploaded media is kept under this key prefix (and served under `/media/u/`).
pub const UPLOAD_PREFIX: &str = "u";

/// Files of digital products are kept under this prefix, never served under `/media/`:
/// buyers fetch them through signed, expiring download links.
pub const PRIVATE_PREFIX: &str = "p";

/// Whether `key` is a private file (not for `/media/`).
pub fn is_private(key: &str) -> bool {
    key == PRIVATE_PREFIX || key.starts_with(&format!("{PRIVATE_PREFIX}/"))
}

/// A digital product's file: up to 200 MB, of any type.
pub const MAX_FILE_BYTES: u64 = 200 * 1024 * 1024;

/// Pictures up to 10 MB, videos up to 100 MB.
pub const MAX_IMAGE_BYTES: u64 = 10 * 1024 * 1024;
pub const MAX_VIDEO_BYTES: u64 = 100 * 1024 * 1024;

/// Bytes held before a part goes to storage (S3's smallest multipart part is 5 MiB).
const PART_BYTES: usize = 5 * 1024 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("invalid media URL '{url}': {reason}")]
    BadUrl { url: String, reason: String },
    #[error("media storage: {0}")]
    Store(#[from] object_store::Error),
    #[error("media storage path: {0}")]
    Path(#[from] object_store::path::Error),
}

/// Where media lives: uploads in `uploads` (a folder or a bucket), the shop's own files
/// (the seed's pictures) in the local media folder.
#[derive(Clone)]
pub struct Storage {
    uploads: Arc<dyn ObjectStore>,
    local: Arc<dyn ObjectStore>,
    /// For logs: `folder /srv/data/media` or `s3://bucket/prefix`.
    pub description: String,
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Storage")
            .field("description", &self.description)
            .finish()
    }
}

impl Storage {
    /// Media in `media_dir` (created when missing), or uploads in the bucket `url` names
    /// (`s3://bucket/prefix`, configured by the usual `AWS_*` variables, plus `options`).
    pub fn open(
        url: Option<&str>,
        media_dir: &Path,
        options: &[(String, String)],
    ) -> Result<Self, StorageError> {
        let Some(url) = url.map(str::trim).filter(|u| !u.is_empty()) else {
            return Ok(Storage::local(media_dir));
        };
        let local = Storage::local(media_dir).local;
        let bad = |reason: &str| StorageError::BadUrl {
            url: url.to_owned(),
            reason: reason.to_owned(),
        };
        let parsed = url::Url::parse(url).map_err(|e| bad(&e.to_string()))?;
        if parsed.scheme() != "s3" {
            return Err(bad("expected s3://bucket/prefix"));
        }
        let bucket = parsed
            .host_str()
            .filter(|b| !b.is_empty())
            .ok_or_else(|| bad("no bucket"))?;
        let mut builder = AmazonS3Builder::from_env().with_bucket_name(bucket);
        for (key, value) in options {
            let key = key
                .parse()
                .map_err(|_| bad(&format!("unknown option {key}")))?;
            builder = builder.with_config(key, value);
        }
        let s3: Arc<dyn ObjectStore> = Arc::new(builder.build()?);
        let prefix = parsed.path().trim_matches('/');
        let uploads: Arc<dyn ObjectStore> = if prefix.is_empty() {
            s3
        } else {
            Arc::new(PrefixStore::new(s3, Key::parse(prefix)?))
        };
        Ok(Storage {
            uploads,
            local,
            description: url.to_owned(),
        })
    }

    /// Everything in the folder `media_dir` (created as files are written).
    pub fn local(media_dir: &Path) -> Self {
        let absolute = std::path::absolute(media_dir).unwrap_or_else(|_| media_dir.to_path_buf());
        let prefix = Key::from(absolute.to_string_lossy().trim_start_matches('/'));
        let local: Arc<dyn ObjectStore> =
            Arc::new(PrefixStore::new(LocalFileSystem::new(), prefix));
        Storage {
            uploads: local.clone(),
            local,
            description: format!("folder {}", media_dir.display()),
        }
    }

    fn store_for(&self, key: &str) -> &Arc<dyn ObjectStore> {
        if key.starts_with(&format!("{UPLOAD_PREFIX}/")) || is_private(key) {
            &self.uploads
        } else {
            &self.local
        }
    }

    /// Reads `key` (a path under `/media/`), all of it or the bytes `range` names
    /// (first and last, inclusive). `None` when there is no such object.
    pub async fn get(
        &self,
        key: &str,
        range: Option<Range>,
    ) -> Result<Option<Object>, StorageError> {
        let path = Key::parse(key)?;
        let options = GetOptions {
            range: range.map(|r| match r {
                Range::Bytes(a, b) => GetRange::Bounded(a..b + 1),
                Range::From(a) => GetRange::Offset(a),
                Range::Last(n) => GetRange::Suffix(n),
            }),
            ..Default::default()
        };
        match self.store_for(key).get_opts(&path, options).await {
            Ok(r) => Ok(Some(Object {
                size: r.meta.size,
                range: (r.range.start, r.range.end),
                e_tag: r.meta.e_tag.clone(),
                body: r.into_stream().boxed(),
            })),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// The size of `key`, or `None` when there is no such object.
    pub async fn size(&self, key: &str) -> Result<Option<u64>, StorageError> {
        match self.store_for(key).head(&Key::parse(key)?).await {
            Ok(meta) => Ok(Some(meta.size)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// The whole of `key` (renditions are made from the original).
    pub async fn read(&self, key: &str) -> Result<Bytes, StorageError> {
        Ok(self
            .store_for(key)
            .get(&Key::parse(key)?)
            .await?
            .bytes()
            .await?)
    }

    /// Writes a small object whole (a rendition).
    pub async fn write(&self, key: &str, bytes: Vec<u8>) -> Result<(), StorageError> {
        self.store_for(key)
            .put(&Key::parse(key)?, bytes.into())
            .await?;
        Ok(())
    }

    /// Deletes `key`; a missing object is not an error.
    pub async fn delete(&self, key: &str) -> Result<(), StorageError> {
        match self.store_for(key).delete(&Key::parse(key)?).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    /// Receives an upload from `body` into `{prefix}.{extension}`, returning what was
    /// stored. The type comes from the first bytes; pictures lose their metadata on the
    /// way; more than the format's limit or than `quota_left` stops the upload. On any
    /// failure nothing is kept.
    pub async fn receive<S, E>(
        &self,
        prefix: &str,
        body: S,
        quota_left: u64,
    ) -> Result<Received, UploadError>
    where
        S: Stream<Item = Result<Bytes, E>> + Unpin,
        E: std::fmt::Display,
    {
        // Enough of the start to tell the type.
        let mut body = body.fuse();
        let mut head = Vec::with_capacity(format::SNIFF_BYTES);
        while head.len() < format::SNIFF_BYTES {
            match body.next().await {
                Some(Ok(chunk)) => head.extend_from_slice(&chunk),
                Some(Err(e)) => return Err(UploadError::Interrupted(e.to_string())),
                None => break,
            }
        }
        if head.is_empty() {
            return Err(UploadError::Empty);
        }
        let format = Format::sniff(&head).ok_or(UploadError::UnsupportedType)?;
        let key = format!("{prefix}.{}", format.extension());
        let mut intake = Picture {
            format,
            max: if format.is_image() {
                MAX_IMAGE_BYTES
            } else {
                MAX_VIDEO_BYTES
            },
            quota_left,
            stripper: format::Stripper::new(format),
            received: 0,
            stored: 0,
        };
        let chunks = futures_util::stream::iter([Ok(Bytes::from(head))]).chain(body);
        self.write_through(&key, chunks, &mut intake).await?;
        Ok(Received {
            key,
            format,
            bytes: intake.stored,
        })
    }

    /// Receives a private file (a digital product's) from `body` into `key` as it comes,
    /// of any type, up to `max` bytes; returns its size. On any failure nothing is kept.
    pub async fn receive_file<S, E>(&self, key: &str, body: S, max: u64) -> Result<u64, UploadError>
    where
        S: Stream<Item = Result<Bytes, E>> + Unpin,
        E: std::fmt::Display,
    {
        let mut intake = File { max, received: 0 };
        self.write_through(key, body, &mut intake).await?;
        Ok(intake.received)
    }

    /// Streams `body` into `key` in parts, each chunk through `intake`, which gives the
    /// bytes to keep or refuses the upload; a refused or broken upload is aborted, so
    /// nothing is kept.
    async fn write_through<S, E>(
        &self,
        key: &str,
        mut body: S,
        intake: &mut impl Intake,
    ) -> Result<(), UploadError>
    where
        S: Stream<Item = Result<Bytes, E>> + Unpin,
        E: std::fmt::Display,
    {
        let path = Key::parse(key).map_err(StorageError::from)?;
        let upload = self
            .store_for(key)
            .put_multipart(&path)
            .await
            .map_err(StorageError::from)?;
        let mut writer = WriteMultipart::new_with_chunk_size(upload, PART_BYTES);
        let mut out = Vec::new();
        let outcome: Result<(), UploadError> = loop {
            let chunk = match body.next().await {
                Some(Ok(chunk)) => chunk,
                Some(Err(e)) => break Err(UploadError::Interrupted(e.to_string())),
                None => break intake.end(),
            };
            out.clear();
            if let Err(e) = intake.take(&chunk, &mut out) {
                break Err(e);
            }
            writer.write(&out);
            if let Err(e) = writer.wait_for_capacity(2).await {
                break Err(StorageError::from(e).into());
            }
        };
        if let Err(e) = outcome {
            if let Err(abort) = writer.abort().await {
                tracing::warn!(key, error = %abort, "could not abort a refused upload");
            }
            return Err(e);
        }
        writer.finish().await.map_err(StorageError::from)?;
        Ok(())
    }
}

/// What an upload goes through on its way to storage.
trait Intake {
    /// Takes the next chunk, putting what to store into `out`, or refuses the upload.
    fn take(&mut self, chunk: &[u8], out: &mut Vec<u8>) -> Result<(), UploadError>;
    /// The upload ended: whether it is whole.
    fn end(&mut self) -> Result<(), UploadError>;
}

/// A picture or video for the media library: within its format's limit and the quota,
/// metadata stripped.
struct Picture {
    format: Format,
    max: u64,
    quota_left: u64,
    stripper: format::Stripper,
    received: u64,
    stored: u64,
}

impl Intake for Picture {
    fn take(&mut self, chunk: &[u8], out: &mut Vec<u8>) -> Result<(), UploadError> {
        self.received += chunk.len() as u64;
        if self.received > self.max {
            return Err(UploadError::TooLarge {
                format: self.format,
                max: self.max,
            });
        }
        self.stripper
            .push(chunk, out)
            .map_err(UploadError::Damaged)?;
        self.stored += out.len() as u64;
        if self.stored > self.quota_left {
            return Err(UploadError::QuotaExceeded {
                left: self.quota_left,
            });
        }
        Ok(())
    }

    fn end(&mut self) -> Result<(), UploadError> {
        self.stripper.finish().map_err(UploadError::Damaged)
    }
}

/// A digital product's file, kept as it comes, up to `max` bytes.
struct File {
    max: u64,
    received: u64,
}

impl Intake for File {
    fn take(&mut self, chunk: &[u8], out: &mut Vec<u8>) -> Result<(), UploadError> {
        self.received += chunk.len() as u64;
        if self.received > self.max {
            return Err(UploadError::FileTooLarge { max: self.max });
        }
        out.extend_from_slice(chunk);
        Ok(())
    }

    fn end(&mut self) -> Result<(), UploadError> {
        if self.received == 0 {
            return Err(UploadError::Empty);
        }
        Ok(())
    }
}

/// A byte range asked for (`Range: bytes=…`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Range {
    /// First and last byte, inclusive.
    Bytes(u64, u64),
    /// From this byte to the end.
    From(u64),
    /// The last n bytes.
    Last(u64),
}

/// An object being read: its whole size, the range `body` carries (start, end exclusive).
pub struct Object {
    pub size: u64,
    pub range: (u64, u64),
    pub e_tag: Option<String>,
    pub body: futures_util::stream::BoxStream<'static, Result<Bytes, object_store::Error>>,
}

/// An upload that was stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Received {
    pub key: String,
    pub format: Format,
    /// As stored, metadata removed.
    pub bytes: u64,
}

#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    #[error("The file is empty")]
    Empty,
    #[error("Only JPEG, PNG and WebP pictures and MP4 and WebM videos can be uploaded")]
    UnsupportedType,
    #[error("{} files can be at most {} MB", .format.extension().to_uppercase(), .max / (1024 * 1024))]
    TooLarge { format: Format, max: u64 },
    #[error("This upload would go over your storage quota ({} MB left)", .left / (1024 * 1024))]
    QuotaExceeded { left: u64 },
    #[error("A file can be at most {} MB", .max / (1024 * 1024))]
    FileTooLarge { max: u64 },
    #[error("The upload stopped before the whole file arrived: {0}")]
    Interrupted(String),
    #[error("The file is incomplete or damaged ({0})")]
    Damaged(Damaged),
    #[error(transparent)]
    Storage(#[from] StorageError),
}
