// SHA-256 (FIPS 180-4), small and self-contained: the source map records the
// digest of the input it was generated from. On x86-64 CPUs with the SHA
// extensions the compression function uses them (several times faster: the
// digest of every converted file is on `agc convert`'s critical path); the
// portable code is the fallback and the reference.
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

  // Whether the SHA extensions are used (false when the CPU lacks them).
  // Tests turn them off to check the portable code; returns the previous
  // setting. Not thread-safe: call before hashing starts.
  static bool UseShaExtensions(bool enable);

 private:
  // Compresses `count` 64-byte blocks into state_.
  void Blocks(const uint8_t* blocks, size_t count);

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
