// SHA-256 (FIPS 180-4), small and self-contained: the source map records the
// digest of the input it was generated from.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace agc::base {

class Sha256 {
 public:
  using Digest = std::array<uint8_t, 32>;

  Sha256();

  void Update(std::string_view bytes);

  // Finishes the hash; the object must not be updated afterwards.
  Digest Final();

 private:
  void Block(const uint8_t* block);

  std::array<uint32_t, 8> state_;
  std::array<uint8_t, 64> buffer_;
  size_t buffered_ = 0;
  uint64_t length_ = 0;  // total bytes hashed
};

// Lower-case hex of a digest.
std::string ToHex(const Sha256::Digest& digest);

// Lower-case hex SHA-256 of `bytes`.
std::string Sha256Hex(std::string_view bytes);

}  // namespace agc::base
