//! What a file is, told from its first bytes, and the metadata taken out of pictures as
//! they stream past: EXIF (camera, time and GPS position), XMP, IPTC and text comments.
//!
//! The stripper sees the upload in whatever chunks the network delivers and never holds
//! more than one segment header, so a 10 MB picture passes through in constant memory.
//! It also notices a picture that stops early (no JPEG end marker, no PNG `IEND`, a WebP
//! shorter than its RIFF header says), which is how a truncated upload is refused.

/// The kinds of file the media library takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Jpeg,
    Png,
    Webp,
    Mp4,
    Webm,
}

/// How many leading bytes [`Format::sniff`] needs to decide.
pub const SNIFF_BYTES: usize = 16;

impl Format {
    /// The format of a file starting with `head` (at least [`SNIFF_BYTES`] bytes, unless
    /// the file is shorter), whatever its name says.
    pub fn sniff(head: &[u8]) -> Option<Format> {
        if head.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(Format::Jpeg)
        } else if head.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(Format::Png)
        } else if head.len() >= 12 && &head[0..4] == b"RIFF" && &head[8..12] == b"WEBP" {
            Some(Format::Webp)
        } else if head.len() >= 12
            && &head[4..8] == b"ftyp"
            && !matches!(
                &head[8..12],
                b"heic" | b"heix" | b"mif1" | b"avif" | b"qt  "
            )
        {
            Some(Format::Mp4)
        } else if head.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]) {
            Some(Format::Webm)
        } else {
            None
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Format::Jpeg => "image/jpeg",
            Format::Png => "image/png",
            Format::Webp => "image/webp",
            Format::Mp4 => "video/mp4",
            Format::Webm => "video/webm",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Jpeg => "jpg",
            Format::Png => "png",
            Format::Webp => "webp",
            Format::Mp4 => "mp4",
            Format::Webm => "webm",
        }
    }

    pub fn is_image(self) -> bool {
        matches!(self, Format::Jpeg | Format::Png | Format::Webp)
    }
}

/// The picture ended before its structure did.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the file ends early or is damaged: {0}")]
pub struct Damaged(pub &'static str);

/// Passes a file through, leaving out metadata. Videos pass unchanged.
pub struct Stripper {
    step: Step,
    /// Bytes of a header being collected (a segment length, a chunk header).
    pending: Vec<u8>,
}

#[derive(Debug, Clone, Copy)]
enum Step {
    Video,
    /// Expecting the start-of-image marker.
    JpegStart,
    /// Expecting a marker; `ff` once its 0xFF byte was seen (more 0xFF are fill).
    JpegMarker {
        ff: bool,
    },
    /// Expecting the two length bytes of segment `marker`.
    JpegLength {
        marker: u8,
    },
    /// Inside a segment's payload: `left` bytes, copied or skipped; image data follows
    /// the start-of-scan segment.
    JpegBody {
        left: usize,
        keep: bool,
        scan: bool,
    },
    /// Image data, up to the end marker; `ff` when the last byte was 0xFF.
    JpegScan {
        ff: bool,
    },
    /// After the end marker: anything more (trailers, embedded previews) is dropped.
    JpegDone,
    PngSignature,
    /// Expecting a chunk's length and type (8 bytes).
    PngHeader,
    /// Inside a chunk's data and CRC.
    PngBody {
        left: usize,
        keep: bool,
        end: bool,
    },
    /// After IEND: anything more is dropped.
    PngDone,
    /// Expecting `RIFF`, the size and `WEBP` (12 bytes).
    WebpHeader,
    /// Expecting a chunk's FourCC and size (8 bytes); `file_left` bytes of the file remain.
    WebpChunk {
        file_left: u64,
    },
    /// Inside a chunk's padded payload: copied, or blanked (metadata). In a VP8X chunk
    /// the first payload byte holds the flags saying EXIF or XMP follows.
    WebpBody {
        left: usize,
        file_left: u64,
        blank: bool,
        flags: bool,
    },
    WebpDone,
}

/// JPEG segments kept: JFIF (APP0), ICC colour profile (APP2), Adobe's colour transform
/// (APP14) and everything that is not an application or comment segment; EXIF and XMP
/// (APP1), IPTC (APP13), the other application segments and comments are left out.
fn jpeg_keeps(marker: u8) -> bool {
    !matches!(marker, 0xE1 | 0xE3..=0xED | 0xEF | 0xFE)
}

/// PNG chunks left out: EXIF and text (which cameras and editors fill with metadata).
fn png_drops(kind: &[u8]) -> bool {
    matches!(kind, b"eXIf" | b"tEXt" | b"zTXt" | b"iTXt" | b"tIME")
}

/// The VP8X flags saying EXIF (0x08) or XMP (0x04) chunks follow.
const WEBP_METADATA_FLAGS: u8 = 0x08 | 0x04;

impl Stripper {
    pub fn new(format: Format) -> Self {
        let step = match format {
            Format::Jpeg => Step::JpegStart,
            Format::Png => Step::PngSignature,
            Format::Webp => Step::WebpHeader,
            Format::Mp4 | Format::Webm => Step::Video,
        };
        Stripper {
            step,
            pending: Vec::with_capacity(16),
        }
    }

    /// Moves bytes from `input` into `pending` until it holds `need`; true once it does.
    fn gather(&mut self, input: &mut &[u8], need: usize) -> bool {
        let take = need.saturating_sub(self.pending.len()).min(input.len());
        self.pending.extend_from_slice(&input[..take]);
        *input = &input[take..];
        self.pending.len() >= need
    }

    /// Feeds the next chunk of the file; what is kept is appended to `out`.
    pub fn push(&mut self, mut input: &[u8], out: &mut Vec<u8>) -> Result<(), Damaged> {
        while !input.is_empty() {
            self.step = match self.step {
                Step::Video => {
                    out.extend_from_slice(input);
                    input = &[];
                    Step::Video
                }
                Step::JpegStart => {
                    if !self.gather(&mut input, 2) {
                        continue;
                    }
                    if self.pending != [0xFF, 0xD8] {
                        return Err(Damaged("not a JPEG"));
                    }
                    out.extend_from_slice(&[0xFF, 0xD8]);
                    self.pending.clear();
                    Step::JpegMarker { ff: false }
                }
                Step::JpegMarker { ff: false } => {
                    if input[0] != 0xFF {
                        return Err(Damaged("a JPEG marker was expected"));
                    }
                    input = &input[1..];
                    Step::JpegMarker { ff: true }
                }
                Step::JpegMarker { ff: true } => {
                    let code = input[0];
                    input = &input[1..];
                    match code {
                        0xFF => Step::JpegMarker { ff: true },
                        0x00 => return Err(Damaged("a JPEG marker was expected")),
                        0x01 | 0xD0..=0xD7 => {
                            out.extend_from_slice(&[0xFF, code]);
                            Step::JpegMarker { ff: false }
                        }
                        0xD8 => return Err(Damaged("a second JPEG start marker")),
                        // An end marker before any image data: a picture of nothing.
                        0xD9 => return Err(Damaged("a JPEG without image data")),
                        _ => Step::JpegLength { marker: code },
                    }
                }
                Step::JpegLength { marker } => {
                    if !self.gather(&mut input, 2) {
                        continue;
                    }
                    let len = u16::from_be_bytes([self.pending[0], self.pending[1]]) as usize;
                    if len < 2 {
                        return Err(Damaged("a JPEG segment length below 2"));
                    }
                    let keep = jpeg_keeps(marker);
                    if keep {
                        out.extend_from_slice(&[0xFF, marker, self.pending[0], self.pending[1]]);
                    }
                    self.pending.clear();
                    let scan = marker == 0xDA;
                    match (len - 2, scan) {
                        (0, true) => Step::JpegScan { ff: false },
                        (0, false) => Step::JpegMarker { ff: false },
                        (left, _) => Step::JpegBody { left, keep, scan },
                    }
                }
                Step::JpegBody { left, keep, scan } => {
                    let n = left.min(input.len());
                    if keep {
                        out.extend_from_slice(&input[..n]);
                    }
                    input = &input[n..];
                    match (left - n, scan) {
                        (0, true) => Step::JpegScan { ff: false },
                        (0, false) => Step::JpegMarker { ff: false },
                        (left, _) => Step::JpegBody { left, keep, scan },
                    }
                }
                Step::JpegScan { ff } => {
                    // In image data 0xFF is followed by 0x00 or a restart marker; 0xD9 is
                    // the end of the picture.
                    let mut prev_ff = ff;
                    let end = input.iter().position(|&b| {
                        let found = prev_ff && b == 0xD9;
                        prev_ff = b == 0xFF;
                        found
                    });
                    match end {
                        Some(i) => {
                            out.extend_from_slice(&input[..=i]);
                            input = &[];
                            Step::JpegDone
                        }
                        None => {
                            out.extend_from_slice(input);
                            input = &[];
                            Step::JpegScan { ff: prev_ff }
                        }
                    }
                }
                Step::PngSignature => {
                    if !self.gather(&mut input, 8) {
                        continue;
                    }
                    if self.pending != b"\x89PNG\r\n\x1a\n" {
                        return Err(Damaged("not a PNG"));
                    }
                    out.extend_from_slice(&self.pending);
                    self.pending.clear();
                    Step::PngHeader
                }
                Step::PngHeader => {
                    if !self.gather(&mut input, 8) {
                        continue;
                    }
                    let len = u32::from_be_bytes([
                        self.pending[0],
                        self.pending[1],
                        self.pending[2],
                        self.pending[3],
                    ]) as usize;
                    if len > 0x7FFF_FFFF {
                        return Err(Damaged("a PNG chunk longer than PNG allows"));
                    }
                    let kind = &self.pending[4..8];
                    let keep = !png_drops(kind);
                    let end = kind == b"IEND";
                    if keep {
                        out.extend_from_slice(&self.pending);
                    }
                    self.pending.clear();
                    Step::PngBody {
                        left: len + 4,
                        keep,
                        end,
                    }
                }
                Step::PngBody { left, keep, end } => {
                    let n = left.min(input.len());
                    if keep {
                        out.extend_from_slice(&input[..n]);
                    }
                    input = &input[n..];
                    match (left - n, end) {
                        (0, true) => Step::PngDone,
                        (0, false) => Step::PngHeader,
                        (left, _) => Step::PngBody { left, keep, end },
                    }
                }
                Step::JpegDone | Step::PngDone | Step::WebpDone => {
                    input = &[];
                    self.step
                }
                Step::WebpHeader => {
                    if !self.gather(&mut input, 12) {
                        continue;
                    }
                    if &self.pending[0..4] != b"RIFF" || &self.pending[8..12] != b"WEBP" {
                        return Err(Damaged("not a WebP"));
                    }
                    let size = u32::from_le_bytes([
                        self.pending[4],
                        self.pending[5],
                        self.pending[6],
                        self.pending[7],
                    ]) as u64;
                    if size < 4 {
                        return Err(Damaged("a WebP shorter than its header"));
                    }
                    out.extend_from_slice(&self.pending);
                    self.pending.clear();
                    Step::WebpChunk {
                        file_left: size - 4,
                    }
                }
                Step::WebpChunk { file_left } => {
                    if file_left == 0 {
                        // Bytes after the RIFF container are not part of the picture.
                        input = &[];
                        Step::WebpDone
                    } else {
                        if !self.gather(&mut input, 8) {
                            continue;
                        }
                        let size = u32::from_le_bytes([
                            self.pending[4],
                            self.pending[5],
                            self.pending[6],
                            self.pending[7],
                        ]) as u64;
                        let padded = size + (size & 1);
                        if 8 + padded > file_left {
                            return Err(Damaged("a WebP chunk runs past the file"));
                        }
                        let blank = matches!(&self.pending[0..4], b"EXIF" | b"XMP ");
                        let flags = &self.pending[0..4] == b"VP8X";
                        if blank {
                            // Same size, so the RIFF size already sent stays true; decoders
                            // skip chunks they do not know.
                            self.pending[0..4].copy_from_slice(b"JUNK");
                        }
                        out.extend_from_slice(&self.pending);
                        self.pending.clear();
                        let file_left = file_left - 8 - padded;
                        if padded == 0 {
                            Step::WebpChunk { file_left }
                        } else {
                            Step::WebpBody {
                                left: padded as usize,
                                file_left,
                                blank,
                                flags,
                            }
                        }
                    }
                }
                Step::WebpBody {
                    left,
                    file_left,
                    blank,
                    flags,
                } => {
                    let n = left.min(input.len());
                    let start = out.len();
                    if blank {
                        out.resize(start + n, 0);
                    } else {
                        out.extend_from_slice(&input[..n]);
                        if flags {
                            out[start] &= !WEBP_METADATA_FLAGS;
                        }
                    }
                    input = &input[n..];
                    match left - n {
                        0 => Step::WebpChunk { file_left },
                        left => Step::WebpBody {
                            left,
                            file_left,
                            blank,
                            flags: false,
                        },
                    }
                }
            };
        }
        Ok(())
    }

    /// Called at the end of the file: a picture must be complete.
    pub fn finish(&self) -> Result<(), Damaged> {
        match self.step {
            Step::Video
            | Step::JpegDone
            | Step::PngDone
            | Step::WebpDone
            | Step::WebpChunk { file_left: 0 } => Ok(()),
            Step::JpegStart
            | Step::JpegMarker { .. }
            | Step::JpegLength { .. }
            | Step::JpegBody { .. }
            | Step::JpegScan { .. } => Err(Damaged("the JPEG has no end marker")),
            Step::PngSignature | Step::PngHeader | Step::PngBody { .. } => {
                Err(Damaged("the PNG has no IEND chunk"))
            }
            Step::WebpHeader | Step::WebpChunk { .. } | Step::WebpBody { .. } => {
                Err(Damaged("the WebP is shorter than its header says"))
            }
        }
    }
}

/// Strips a whole file held in memory (tests and tools).
pub fn strip_all(format: Format, bytes: &[u8]) -> Result<Vec<u8>, Damaged> {
    let mut s = Stripper::new(format);
    let mut out = Vec::with_capacity(bytes.len());
    s.push(bytes, &mut out)?;
    s.finish()?;
    Ok(out)
}
