package com.acme

import com.acme.util.Hasher
import kotlinx.coroutines.launch

val LIMIT = 10

class Store(val name: String) {
    var size = 0
    fun get(key: String): Int = Hasher.hash(key)
}

object Registry { fun register() {} }

fun main() { Store("x").get("k") }
