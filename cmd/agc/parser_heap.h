// See parser_heap.cpp.
#pragma once

namespace agc {

// Gives tree-sitter a mimalloc heap of its own per thread. Called first in
// main, before tree-sitter allocates anything.
void UseParserHeap();

}  // namespace agc
