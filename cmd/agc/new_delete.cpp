// The portable build (AGC_DEPS=bundled) compiles mimalloc in without
// replacing malloc (a static mimalloc cannot on every target it is built
// for): this gives it operator new and delete, which serve nearly all of
// agc's own allocations, while tree-sitter's go to the heaps of
// parser_heap.cpp.
#include <mimalloc-new-delete.h>
