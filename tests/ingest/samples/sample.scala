package acme

import acme.util.Hasher
import scala.collection.mutable

object Store {
  val limit = 10
  def get(key: String): Int = Hasher.hash(key)
}

class Cache(size: Int) {
  var hits = 0
  def put(k: String): Unit = println(k)
}

trait Backend { def fetch(): Int }
