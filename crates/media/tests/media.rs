//! Media storage on a local folder and on S3 (the `s3s-fs` server, in process): streaming
//! uploads typed by their bytes, metadata stripped, limits, quota and interruptions that
//! leave nothing behind, ranged reads, and renditions.

use bazaar_media::format::{Format, Stripper, strip_all};
use bazaar_media::{MAX_IMAGE_BYTES, Range, Storage, UploadError, renditions};
use bytes::Bytes;
use futures_util::StreamExt;
use futures_util::stream;

const GPS: &[u8] = b"GPSLatitude -33.9249 Cape Town secret";

fn picture(w: u32, h: u32) -> image::RgbImage {
    image::RgbImage::from_fn(w, h, |x, y| image::Rgb([(x * 7) as u8, (y * 5) as u8, 90]))
}

/// A JPEG whose APP1 (EXIF) and comment segments carry `GPS`.
fn jpeg_with_exif() -> Vec<u8> {
    let mut plain = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut plain, 90)
        .encode_image(&picture(64, 48))
        .unwrap();
    let mut exif = b"Exif\0\0".to_vec();
    exif.extend_from_slice(GPS);
    let segment = |marker: u8, body: &[u8]| {
        let mut s = vec![0xFF, marker];
        s.extend_from_slice(&((body.len() + 2) as u16).to_be_bytes());
        s.extend_from_slice(body);
        s
    };
    let mut out = plain[..2].to_vec();
    out.extend(segment(0xE1, &exif));
    out.extend(segment(0xFE, GPS));
    out.extend_from_slice(&plain[2..]);
    // A trailer after the end marker (some cameras add one) is dropped too.
    out.extend_from_slice(GPS);
    out
}

fn png_with_text() -> Vec<u8> {
    let mut plain = Vec::new();
    image::codecs::png::PngEncoder::new(&mut plain)
        .write_image(&picture(40, 30), 40, 30, image::ExtendedColorType::Rgb8)
        .unwrap();
    // Insert tEXt and eXIf chunks after IHDR (8 signature + 25 IHDR bytes).
    let chunk = |kind: &[u8], data: &[u8]| {
        let mut c = (data.len() as u32).to_be_bytes().to_vec();
        c.extend_from_slice(kind);
        c.extend_from_slice(data);
        c.extend_from_slice(&[0, 0, 0, 0]);
        c
    };
    let mut out = plain[..33].to_vec();
    out.extend(chunk(b"tEXt", GPS));
    out.extend(chunk(b"eXIf", GPS));
    out.extend_from_slice(&plain[33..]);
    out
}

/// A lossless WebP made extended (VP8X) with an EXIF chunk after the image.
fn webp_with_exif() -> Vec<u8> {
    let mut plain = Vec::new();
    image::codecs::webp::WebPEncoder::new_lossless(&mut plain)
        .encode(
            picture(20, 10).as_raw(),
            20,
            10,
            image::ExtendedColorType::Rgb8,
        )
        .unwrap();
    let image_chunk = &plain[12..];
    let mut vp8x = vec![0x08, 0, 0, 0];
    vp8x.extend_from_slice(&19u32.to_le_bytes()[..3]);
    vp8x.extend_from_slice(&9u32.to_le_bytes()[..3]);
    let mut body = b"WEBP".to_vec();
    body.extend_from_slice(b"VP8X");
    body.extend_from_slice(&10u32.to_le_bytes());
    body.extend_from_slice(&vp8x);
    body.extend_from_slice(image_chunk);
    let exif = GPS; // odd length: padded
    body.extend_from_slice(b"EXIF");
    body.extend_from_slice(&(exif.len() as u32).to_le_bytes());
    body.extend_from_slice(exif);
    if exif.len() % 2 == 1 {
        body.push(0);
    }
    let mut out = b"RIFF".to_vec();
    out.extend_from_slice(&(body.len() as u32).to_le_bytes());
    out.extend_from_slice(&body);
    out
}

use image::ImageEncoder as _;

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

fn pixels(bytes: &[u8]) -> Vec<u8> {
    image::load_from_memory(bytes).unwrap().to_rgb8().into_raw()
}

#[test]
fn metadata_is_stripped_however_the_bytes_arrive_and_the_picture_is_unchanged() {
    for (format, original) in [
        (Format::Jpeg, jpeg_with_exif()),
        (Format::Png, png_with_text()),
        (Format::Webp, webp_with_exif()),
    ] {
        assert_eq!(Format::sniff(&original[..16]), Some(format));
        assert!(contains(&original, GPS));
        let whole = strip_all(format, &original).unwrap();
        assert!(!contains(&whole, GPS), "{format:?} keeps the metadata");
        assert_eq!(
            pixels(&whole),
            pixels(&original),
            "{format:?} picture changed"
        );
        // The same output whatever the chunk sizes.
        for size in [1, 2, 7, 4096] {
            let mut s = Stripper::new(format);
            let mut out = Vec::new();
            for chunk in original.chunks(size) {
                s.push(chunk, &mut out).unwrap();
            }
            s.finish().unwrap();
            assert_eq!(out, whole, "{format:?} in chunks of {size}");
        }
        // Cut short anywhere inside, it is refused.
        for cut in [original.len() / 3, original.len() * 2 / 3] {
            assert!(
                strip_all(format, &original[..cut]).is_err(),
                "{format:?} cut at {cut}"
            );
        }
    }
    let webp = strip_all(Format::Webp, &webp_with_exif()).unwrap();
    assert_eq!(
        webp[20] & 0x0C,
        0,
        "the VP8X flags no longer promise EXIF or XMP"
    );
}

#[test]
fn types_come_from_the_bytes() {
    assert_eq!(
        Format::sniff(b"\x00\x00\x00\x20ftypisom\x00\x00\x02\x00"),
        Some(Format::Mp4)
    );
    assert_eq!(
        Format::sniff(b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00"),
        None
    );
    assert_eq!(
        Format::sniff(&[0x1A, 0x45, 0xDF, 0xA3, 1, 2, 3, 4]),
        Some(Format::Webm)
    );
    assert_eq!(
        Format::sniff(b"GIF89a\x01\x00\x01\x00\x00\x00\x00\x00\x00\x00"),
        None
    );
    assert_eq!(
        Format::sniff(b"<svg xmlns='http://www.w3.org/2000/svg'>"),
        None
    );
}

fn chunks(
    bytes: Vec<u8>,
    size: usize,
) -> impl futures_util::Stream<Item = Result<Bytes, String>> + Unpin {
    let parts: Vec<Result<Bytes, String>> = bytes
        .chunks(size)
        .map(|c| Ok(Bytes::copy_from_slice(c)))
        .collect();
    stream::iter(parts)
}

async fn exercise(storage: &Storage, listing: impl Fn() -> Vec<String>) {
    // A picture: stored stripped, read whole and in ranges.
    let stored = storage
        .receive("u/v1/a", chunks(jpeg_with_exif(), 1000), u64::MAX)
        .await
        .unwrap();
    assert_eq!(
        (stored.key.as_str(), stored.format),
        ("u/v1/a.jpg", Format::Jpeg)
    );
    let whole = storage.read("u/v1/a.jpg").await.unwrap();
    assert_eq!(whole.len() as u64, stored.bytes);
    assert!(!contains(&whole, GPS));
    let part = storage
        .get("u/v1/a.jpg", Some(Range::Bytes(2, 9)))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((part.size, part.range), (stored.bytes, (2, 10)));
    let body: Vec<Bytes> = part.body.map(Result::unwrap).collect().await;
    assert_eq!(body.concat(), whole[2..10]);
    let tail = storage
        .get("u/v1/a.jpg", Some(Range::Last(4)))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(tail.range, (stored.bytes - 4, stored.bytes));
    assert!(storage.get("u/v1/none.jpg", None).await.unwrap().is_none());

    // Refused: the wrong type, too large, over the quota, interrupted, truncated. Each
    // leaves nothing behind.
    let before = listing();
    let err = storage
        .receive("u/v1/b", chunks(b"GIF89a........".repeat(10), 7), u64::MAX)
        .await
        .unwrap_err();
    assert!(matches!(err, UploadError::UnsupportedType), "{err}");
    let mut big = jpeg_with_exif();
    big.truncate(big.len() - 2 - GPS.len()); // no end marker: the scan goes on
    big.resize(MAX_IMAGE_BYTES as usize + 10, 0x11);
    let err = storage
        .receive("u/v1/c", chunks(big, 64 * 1024), u64::MAX)
        .await
        .unwrap_err();
    assert!(matches!(err, UploadError::TooLarge { .. }), "{err}");
    assert_eq!(err.to_string(), "JPG files can be at most 10 MB");
    let err = storage
        .receive("u/v1/d", chunks(jpeg_with_exif(), 100), 200)
        .await
        .unwrap_err();
    assert!(matches!(err, UploadError::QuotaExceeded { .. }), "{err}");
    let mut parts: Vec<Result<Bytes, String>> =
        vec![Ok(Bytes::from(jpeg_with_exif()[..500].to_vec()))];
    parts.push(Err("connection reset".into()));
    let err = storage
        .receive("u/v1/e", stream::iter(parts), u64::MAX)
        .await
        .unwrap_err();
    assert!(matches!(err, UploadError::Interrupted(_)), "{err}");
    let png = png_with_text();
    let err = storage
        .receive(
            "u/v1/f",
            chunks(png[..png.len() - 20].to_vec(), 50),
            u64::MAX,
        )
        .await
        .unwrap_err();
    assert!(matches!(err, UploadError::Damaged(_)), "{err}");
    assert_eq!(listing(), before, "refused uploads leave nothing");

    storage.delete("u/v1/a.jpg").await.unwrap();
    storage.delete("u/v1/a.jpg").await.unwrap();
    assert!(storage.get("u/v1/a.jpg", None).await.unwrap().is_none());
}

fn files_under(dir: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            if e.path().is_dir() {
                stack.push(e.path());
            } else {
                out.push(e.path().strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    out.sort();
    out
}

#[tokio::test]
async fn uploads_on_a_local_folder() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(None, dir.path(), &[]).unwrap();
    let root = dir.path().to_path_buf();
    exercise(&storage, || files_under(&root)).await;
}

#[tokio::test]
async fn uploads_on_s3() {
    let s3 = bazaar_testkit::s3::S3Server::start("media-bucket").await;
    let media_dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(
        Some("s3://media-bucket/shop"),
        media_dir.path(),
        &s3.options,
    )
    .unwrap();
    exercise(&storage, || s3.objects()).await;
    // Uploads went to the bucket, under the prefix, not to the local folder.
    storage
        .receive("u/v2/x", chunks(png_with_text(), 333), u64::MAX)
        .await
        .unwrap();
    assert_eq!(s3.objects(), ["shop/u/v2/x.png"]);
    assert!(files_under(media_dir.path()).is_empty());
}

#[test]
fn renditions_are_made_at_each_narrower_width() {
    let mut big = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut big, 80)
        .encode_image(&picture(900, 600))
        .unwrap();
    let made = renditions::make(&big).unwrap();
    assert_eq!((made.width, made.height), (900, 600));
    let sizes: Vec<(u32, u32)> = made
        .renditions
        .iter()
        .map(|r| (r.width, r.height))
        .collect();
    assert_eq!(sizes, [(320, 213), (640, 426)]);
    for r in &made.renditions {
        let decoded =
            image::load_from_memory_with_format(&r.webp, image::ImageFormat::WebP).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (r.width, r.height));
    }
    assert!(renditions::make(b"not a picture").is_err());
}
