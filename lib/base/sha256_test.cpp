#include "lib/base/sha256.h"

#include <catch2/catch.hpp>
#include <string>

namespace agc::base {
namespace {

// Test vectors from FIPS 180-2, appendix B.
TEST_CASE("Sha256 FIPS 180-2 vectors", "[sha256]") {
  CHECK(Sha256Hex("") ==
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(Sha256Hex("abc") ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(Sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(Sha256Hex(std::string(1000000, 'a')) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("Sha256 incremental updates equal one update", "[sha256]") {
  std::string data;
  for (int i = 0; i < 1000; ++i) {
    data += static_cast<char>(i * 7 + 3);
  }
  // Split at every length around the 55/56/64-byte padding boundaries.
  for (size_t split : {0, 1, 55, 56, 63, 64, 65, 119, 120, 500, 1000}) {
    Sha256 hash;
    hash.Update(std::string_view(data).substr(0, split));
    hash.Update(std::string_view(data).substr(split));
    CHECK(ToHex(hash.Final()) == Sha256Hex(data));
  }
  // Messages whose padding needs a second block.
  CHECK(Sha256Hex(std::string(55, 'a')) ==
        "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  CHECK(Sha256Hex(std::string(56, 'a')) ==
        "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
}

// With and without the SHA extensions (when the CPU has them): every length
// from 0 to 300 bytes, so each padding case and multi-block run is covered.
TEST_CASE("Sha256 extensions agree with the portable code", "[sha256]") {
  std::string data;
  for (int i = 0; i < 300; ++i) {
    data += static_cast<char>(i * 131 + 17);
  }
  for (size_t n = 0; n <= data.size(); ++n) {
    const std::string_view part = std::string_view(data).substr(0, n);
    const bool previous = Sha256::UseShaExtensions(false);
    const std::string portable = Sha256Hex(part);
    Sha256::UseShaExtensions(true);
    const std::string accelerated = Sha256Hex(part);
    Sha256::UseShaExtensions(previous);
    CHECK(portable == accelerated);
  }
  const bool previous = Sha256::UseShaExtensions(false);
  CHECK(Sha256Hex(std::string(1000000, 'a')) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  Sha256::UseShaExtensions(previous);
}

}  // namespace
}  // namespace agc::base
