#include "lib/base/platform.h"

#include <cstdio>
#include <filesystem>
#include <system_error>

#ifdef _WIN32
#include <windows.h>
#elif defined(__APPLE__)
#include <mach-o/dyld.h>

#include <cstdint>
#include <vector>
#endif

namespace agc::base {
namespace fs = std::filesystem;

std::string ExecutablePath() {
  std::error_code ec;
#ifdef _WIN32
  std::wstring buffer(512, L'\0');
  while (true) {
    const DWORD n = GetModuleFileNameW(nullptr, buffer.data(),
                                       static_cast<DWORD>(buffer.size()));
    if (n == 0) {
      return {};
    }
    if (n < buffer.size()) {
      buffer.resize(n);
      break;
    }
    buffer.resize(buffer.size() * 2);
  }
  return fs::path(buffer).string();
#elif defined(__APPLE__)
  uint32_t size = 0;
  _NSGetExecutablePath(nullptr, &size);
  std::vector<char> buffer(size + 1, '\0');
  if (_NSGetExecutablePath(buffer.data(), &size) != 0) {
    return {};
  }
  fs::path exe = fs::weakly_canonical(fs::path(buffer.data()), ec);
  return ec ? std::string() : exe.string();
#else
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : exe.string();
#endif
}

void UseBinaryStdio() {
#ifdef _WIN32
  _setmode(_fileno(stdin), _O_BINARY);
  _setmode(_fileno(stdout), _O_BINARY);
  _setmode(_fileno(stderr), _O_BINARY);
#endif
}

bool SameFileStat(const struct stat& a_st,
                  const std::string& a,
                  const struct stat& b_st,
                  const std::string& b) {
#ifdef _WIN32
  (void)a_st;
  (void)b_st;
  std::error_code ec;
  const bool same = fs::equivalent(a, b, ec);
  return !ec && same;
#else
  (void)a;
  (void)b;
  return a_st.st_dev == b_st.st_dev && a_st.st_ino == b_st.st_ino;
#endif
}

int ProcessId() {
#ifdef _WIN32
  return _getpid();
#else
  return static_cast<int>(::getpid());
#endif
}

}  // namespace agc::base
