
#include <stdio.h>
int main () {
   printf("hello, world\n");
   return 0;
}

