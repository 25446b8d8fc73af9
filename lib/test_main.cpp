// The one main() of agc_tests; every *_test.cpp links into this binary.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
