//! Every type the API document describes has a name of its own. utoipa files schemas by
//! their type's bare name, so two `ToSchema` types of one name (in different modules) leave
//! one schema answering for both, without a word: a reply then fails its documented
//! shape. This reads the API's sources and refuses a name used twice.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The names of the types deriving `ToSchema` in `source`: the first `struct` or `enum`
/// after each derive.
fn schema_types(source: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut deriving = false;
    for line in source.lines().map(str::trim) {
        if line.starts_with("#[derive(") && line.contains("ToSchema") {
            deriving = true;
            continue;
        }
        if !deriving {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let kind = words
            .iter()
            .position(|w| *w == "struct" || *w == "enum")
            .filter(|_| !line.starts_with("//") && !line.starts_with("#["));
        if let Some(i) = kind {
            let name = words[i + 1]
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .next()
                .unwrap();
            names.push(name.to_owned());
            deriving = false;
        }
    }
    names
}

#[test]
fn schema_types_have_names_of_their_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut seen: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for name in schema_types(&text) {
            let at = file.strip_prefix(&root).unwrap().display().to_string();
            seen.entry(name).or_default().push(at);
        }
    }
    assert!(seen.len() > 50, "found the schema types: {}", seen.len());
    let twice: Vec<_> = seen.iter().filter(|(_, at)| at.len() > 1).collect();
    assert!(
        twice.is_empty(),
        "schema types sharing a name (rename one): {twice:?}"
    );
}

#[test]
fn a_name_used_twice_is_seen() {
    let source = "#[derive(Debug, Serialize, ToSchema)]\n/// A view.\npub struct StoreView {\n}\n\
                  #[derive(ToSchema)]\n#[serde(rename_all = \"snake_case\")]\npub enum Kind { A }\n";
    assert_eq!(schema_types(source), vec!["StoreView", "Kind"]);
}
