import Foundation

let limit = 10

class Store {
    var size = 0
    init() {}
    func get(key: String) -> Int { return helper(key) }
}

protocol Backend { func put() }

func helper(_ k: String) -> Int { return k.count }
