//! A tiny MaxMind DB writer, so tests can build a GeoLite2-City style database without network
//! access (MaxMind's own test databases cannot be downloaded here).
//!
//! It follows the public MaxMind DB format, version 2.0: an IPv6 binary search tree with 24-bit
//! records (IPv4 networks live under `::/96`, where readers look for them), a 16-byte zero
//! separator, a data section of maps, strings and unsigned integers, then the
//! `\xAB\xCD\xEFMaxMind.com` marker and the metadata map. Each network's record has the shape
//! `{"country": {"names": {"en": …}}, "city": {"names": {"en": …}}}`, which
//! `maxminddb::geoip2::City` decodes. Only available with the `test-support` feature.

use std::io;
use std::net::IpAddr;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

const METADATA_MARKER: &[u8] = b"\xAB\xCD\xEFMaxMind.com";
const RECORD_SIZE_BITS: u16 = 24;
const MAX_RECORD_VALUE: usize = (1 << RECORD_SIZE_BITS) - 1;
const DATA_SECTION_SEPARATOR: [u8; 16] = [0; 16];

/// One network of a city database: `((address, prefix length), country name, city name)`.
/// An empty city name leaves the city out of the record (a country-only network).
pub type CityEntry<'a> = ((IpAddr, u8), &'a str, &'a str);

/// Writes a GeoLite2-City style database holding `entries` to `path`.
///
/// IPv4 prefixes run 0–32, IPv6 prefixes 1–128. Host bits beyond the prefix are ignored. When
/// networks overlap, the more specific one wins for the addresses it covers.
pub fn write_city_db(path: &Path, entries: &[CityEntry<'_>]) -> io::Result<()> {
    std::fs::write(path, city_db_bytes(entries)?)
}

/// The bytes [`write_city_db`] writes.
pub fn city_db_bytes(entries: &[CityEntry<'_>]) -> io::Result<Vec<u8>> {
    let mut tree = Tree::new();
    let mut data = Vec::new();
    let mut data_offsets = Vec::with_capacity(entries.len());
    let mut networks = Vec::with_capacity(entries.len());
    for (index, &((ip, prefix), country, city)) in entries.iter().enumerate() {
        networks.push((tree_key(ip, prefix)?, index));
        data_offsets.push(data.len());
        encode(&city_record(country, city), &mut data);
    }
    // Shorter prefixes first, so a more specific network splits the one around it.
    networks.sort_by_key(|&((_, bits), _)| bits);
    for ((address, bits), index) in networks {
        tree.insert(address, bits, index);
    }

    let node_count = tree.nodes.len();
    let record_value = |child: Child| -> io::Result<usize> {
        let value = match child {
            Child::Empty => node_count,
            Child::Node(node) => node,
            Child::Data(index) => node_count + DATA_SECTION_SEPARATOR.len() + data_offsets[index],
        };
        if value > MAX_RECORD_VALUE {
            return Err(invalid_input(
                "the database is too large for 24-bit records",
            ));
        }
        Ok(value)
    };
    let mut out = Vec::with_capacity(node_count * 6 + data.len() + 512);
    for node in &tree.nodes {
        for child in node {
            let value = record_value(*child)?;
            out.extend_from_slice(&value.to_be_bytes()[size_of::<usize>() - 3..]);
        }
    }
    out.extend_from_slice(&DATA_SECTION_SEPARATOR);
    out.extend_from_slice(&data);
    out.extend_from_slice(METADATA_MARKER);
    encode(&metadata(node_count)?, &mut out);
    Ok(out)
}

fn city_record<'a>(country: &'a str, city: &'a str) -> Value<'a> {
    let names = |name| Value::Map(vec![("names", Value::Map(vec![("en", Value::Str(name))]))]);
    let mut fields = vec![("country", names(country))];
    if !city.is_empty() {
        fields.push(("city", names(city)));
    }
    Value::Map(fields)
}

fn metadata(node_count: usize) -> io::Result<Value<'static>> {
    let node_count = u32::try_from(node_count).map_err(|_| invalid_input("too many nodes"))?;
    let build_epoch = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    Ok(Value::Map(vec![
        ("node_count", Value::U32(node_count)),
        ("record_size", Value::U16(RECORD_SIZE_BITS)),
        ("ip_version", Value::U16(6)),
        ("database_type", Value::Str("GeoLite2-City")),
        ("languages", Value::Array(vec![Value::Str("en")])),
        ("binary_format_major_version", Value::U16(2)),
        ("binary_format_minor_version", Value::U16(0)),
        ("build_epoch", Value::U64(build_epoch)),
        (
            "description",
            Value::Map(vec![(
                "en",
                Value::Str("bazaar test database (GeoLite2-City layout)"),
            )]),
        ),
    ]))
}

/// The network as a 128-bit address and a prefix length in the IPv6 tree.
fn tree_key(ip: IpAddr, prefix: u8) -> io::Result<(u128, u8)> {
    match ip {
        IpAddr::V4(v4) if prefix <= 32 => Ok((u128::from(u32::from(v4)), 96 + prefix)),
        IpAddr::V4(_) => Err(invalid_input("an IPv4 prefix must be at most 32")),
        // The tree's root is a node, so it cannot hold a record for the whole space.
        IpAddr::V6(_) if prefix == 0 => Err(invalid_input("an IPv6 prefix must be at least 1")),
        IpAddr::V6(v6) if prefix <= 128 => Ok((u128::from(v6), prefix)),
        IpAddr::V6(_) => Err(invalid_input("an IPv6 prefix must be at most 128")),
    }
}

fn invalid_input(message: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message.to_owned())
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Child {
    Empty,
    Node(usize),
    /// Index into the entries (and their data offsets).
    Data(usize),
}

/// The search tree; node 0 is the root.
struct Tree {
    nodes: Vec<[Child; 2]>,
}

impl Tree {
    /// A tree with only the root, so that even an empty database has the one node readers need.
    fn new() -> Self {
        Self {
            nodes: vec![[Child::Empty; 2]],
        }
    }

    fn insert(&mut self, address: u128, bits: u8, data: usize) {
        let mut node = 0;
        for depth in 0..bits {
            let bit = usize::from((address >> (127 - depth)) & 1 == 1);
            if depth + 1 == bits {
                self.nodes[node][bit] = Child::Data(data);
                return;
            }
            node = match self.nodes[node][bit] {
                Child::Node(next) => next,
                // A less specific network covers this one: split it so that both halves keep
                // its record, then go on down.
                inherited @ (Child::Empty | Child::Data(_)) => {
                    self.nodes.push([inherited; 2]);
                    let next = self.nodes.len() - 1;
                    self.nodes[node][bit] = Child::Node(next);
                    next
                }
            };
        }
    }
}

/// The subset of MaxMind DB data types a city database needs.
enum Value<'a> {
    Str(&'a str),
    U16(u16),
    U32(u32),
    U64(u64),
    Map(Vec<(&'a str, Value<'a>)>),
    Array(Vec<Value<'a>>),
}

// Type numbers from the format specification; 8 and above are "extended" types.
const TYPE_UTF8_STRING: u8 = 2;
const TYPE_UINT16: u8 = 5;
const TYPE_UINT32: u8 = 6;
const TYPE_MAP: u8 = 7;
const TYPE_UINT64: u8 = 9;
const TYPE_ARRAY: u8 = 11;

fn encode(value: &Value<'_>, out: &mut Vec<u8>) {
    match value {
        Value::Str(text) => {
            control(TYPE_UTF8_STRING, text.len(), out);
            out.extend_from_slice(text.as_bytes());
        }
        Value::U16(number) => unsigned(TYPE_UINT16, u64::from(*number), out),
        Value::U32(number) => unsigned(TYPE_UINT32, u64::from(*number), out),
        Value::U64(number) => unsigned(TYPE_UINT64, *number, out),
        Value::Map(pairs) => {
            control(TYPE_MAP, pairs.len(), out);
            for (key, value) in pairs {
                encode(&Value::Str(key), out);
                encode(value, out);
            }
        }
        Value::Array(items) => {
            control(TYPE_ARRAY, items.len(), out);
            for item in items {
                encode(item, out);
            }
        }
    }
}

/// Unsigned integers are stored big-endian without leading zero bytes.
fn unsigned(type_number: u8, number: u64, out: &mut Vec<u8>) {
    let bytes = number.to_be_bytes();
    let significant = &bytes[(number.leading_zeros() / 8) as usize..];
    control(type_number, significant.len(), out);
    out.extend_from_slice(significant);
}

/// The control byte (type in the top 3 bits, size in the low 5), the extended type byte, then
/// the size's extra bytes.
fn control(type_number: u8, size: usize, out: &mut Vec<u8>) {
    let (size_bits, extra): (u8, Vec<u8>) = match size {
        0..29 => (size as u8, Vec::new()),
        29..285 => (29, vec![(size - 29) as u8]),
        285..65_821 => (30, ((size - 285) as u16).to_be_bytes().to_vec()),
        _ => (31, ((size - 65_821) as u32).to_be_bytes()[1..].to_vec()),
    };
    if type_number <= 7 {
        out.push((type_number << 5) | size_bits);
    } else {
        out.push(size_bits);
        out.push(type_number - 7);
    }
    out.extend_from_slice(&extra);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(value: &Value<'_>) -> Vec<u8> {
        let mut out = Vec::new();
        encode(value, &mut out);
        out
    }

    #[test]
    fn encodes_the_specification_examples() {
        assert_eq!(encoded(&Value::Str("en")), [0x42, b'e', b'n']);
        assert_eq!(encoded(&Value::U16(0)), [0xA0]);
        assert_eq!(encoded(&Value::U16(24)), [0xA1, 24]);
        assert_eq!(encoded(&Value::U32(0x01_0203)), [0xC3, 1, 2, 3]);
        assert_eq!(encoded(&Value::U64(1)), [0x01, 0x02, 1]);
        assert_eq!(encoded(&Value::Array(vec![])), [0x00, 0x04]);
        let long = "x".repeat(300);
        let bytes = encoded(&Value::Str(&long));
        assert_eq!(bytes[..3], [0x5E, 0x00, 0x0F]);
        assert_eq!(bytes.len(), 3 + 300);
    }

    #[test]
    fn overlapping_networks_keep_the_outer_record_around_the_inner_one() {
        let mut tree = Tree::new();
        tree.insert(0, 1, 0);
        tree.insert(0, 3, 1);
        // Root's left child was split twice; the sibling halves still point at record 0.
        assert_eq!(tree.nodes[0], [Child::Node(1), Child::Empty]);
        assert_eq!(tree.nodes[1], [Child::Node(2), Child::Data(0)]);
        assert_eq!(tree.nodes[2], [Child::Data(1), Child::Data(0)]);
    }

    #[test]
    fn rejects_prefixes_out_of_range() {
        let v4: IpAddr = "41.0.0.0".parse().unwrap();
        let v6: IpAddr = "2c0f::".parse().unwrap();
        for (ip, prefix) in [(v4, 33), (v6, 0), (v6, 129)] {
            let error = city_db_bytes(&[((ip, prefix), "X", "Y")]).unwrap_err();
            assert_eq!(error.kind(), io::ErrorKind::InvalidInput, "{ip}/{prefix}");
        }
    }
}
