#include <stdio.h>
#include "util.h"

int counter = 0;

struct point { int x; int y; };
typedef struct point point_t;

static int add(int a, int b) { return a + b; }
int main(void) { printf("%d", add(1, 2)); return 0; }
