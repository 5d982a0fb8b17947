using System;
using Acme.App.Util;

namespace Acme.App {
    public class Store {
        private static int Limit = 10;
        private string name;
        public int Size { get; set; }
        public Store(string name) { this.name = name; }
        public int Get(string key) { return Hasher.Hash(key); }
    }
    interface IBackend { void Put(); }
}
