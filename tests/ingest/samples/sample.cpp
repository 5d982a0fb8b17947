#include <vector>
#include "util.hpp"

namespace app {
class Store {
 public:
  int size;
  int get(int k) { return helper(k); }
};
int helper(int k) { return k; }
}
int Store2::put(int v) { return v; }
