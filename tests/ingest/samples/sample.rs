use std::collections::HashMap;
use crate::util::hash;
use serde::Serialize;

pub const LIMIT: usize = 10;

pub struct Store { name: String, size: usize }

pub trait Backend { fn get(&self, k: &str) -> Option<String>; }

impl Store {
    pub fn new() -> Self { Store { name: String::new(), size: 0 } }
    fn get(&self, k: &str) -> usize { hash(k) }
}

fn main() { let s = Store::new(); s.get("x"); }
