#undef SRC
#define SRC late
