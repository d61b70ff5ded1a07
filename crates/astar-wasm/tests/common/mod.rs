//! What the tests share: reading a refusal as the page does (its `detail`, the core's message as data)
//! and writing it in English from the core's templates, so a test reads the sentence a reader sees.

use wasm_bindgen::JsValue;

fn field(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// The English sentence of an error the facade threw, written from its `detail` as the page writes it.
pub fn message(err: JsValue) -> String {
    let detail = field(&err, "detail");
    assert!(
        detail.is_object(),
        "a facade error carries its message as data"
    );
    assert_eq!(
        js_sys::Error::from(err).message().as_string(),
        field(&detail, "code").as_string(),
        "an error's message is its code"
    );
    english(&detail)
}

pub fn english(message: &JsValue) -> String {
    let code = field(message, "code").as_string().unwrap();
    let template =
        astar_core::catalogue::english(&code).unwrap_or_else(|| panic!("{code} has a template"));
    let args = field(message, "args");
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('}').unwrap() + open;
        let value = field(&args, &rest[open + 1..close]);
        assert!(
            !value.is_undefined(),
            "{code}: {} is given",
            &rest[open + 1..close]
        );
        out.push_str(&arg(&value));
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

fn arg(value: &JsValue) -> String {
    if let Some(n) = value.as_f64() {
        return format!("{n}");
    }
    if let Some(text) = value.as_string() {
        return text;
    }
    if let Some(term) = field(value, "term").as_string() {
        return astar_core::catalogue::english(&term)
            .unwrap_or_else(|| panic!("term {term} has a template"))
            .to_owned();
    }
    if let Some(name) = field(value, "algorithm").as_string() {
        let row = astar_core::search::registry::ALGORITHMS
            .iter()
            .find(|row| row.name == name);
        return row.map_or(name, |row| row.title.to_owned());
    }
    english(value)
}
