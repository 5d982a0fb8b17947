<?php
namespace App;
use App\Util\Hasher;
require_once 'lib/util.php';

class Store {
    const LIMIT = 10;
    private $name;
    public function get($key) { return Hasher::hash($key); }
}
function helper($x) { return strlen($x); }
