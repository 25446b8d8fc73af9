// What differs between the systems agc is built for: Linux (glibc and
// musl), macOS and Windows (the portable wheels' targets, issue 49). The
// rest of the project reads and writes files through POSIX's calls
// (open/read/write/close/stat, which MinGW's C library has too) and asks
// here for the few things that have no common spelling.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>

#include <string>

#ifdef _WIN32
#include <io.h>
#include <process.h>
#else
#include <unistd.h>
#endif

namespace agc::base {

// The flags every open() of agc's takes besides its mode: files are bytes
// (Windows would translate line ends otherwise) and not inherited by a
// child process.
#ifdef _WIN32
inline constexpr int kOpenFlags = O_BINARY | O_NOINHERIT;
#else
inline constexpr int kOpenFlags = O_CLOEXEC;
#endif

// The running program's own file, absolute; empty where it cannot be told.
std::string ExecutablePath();

// Standard input and output carry bytes as they are: on Windows they are
// text streams (a written "\n" becomes "\r\n") until told otherwise.
void UseBinaryStdio();

// Whether two stats name the same file. POSIX tells by device and inode;
// Windows' C library has no inode (st_ino is 0), so there the paths are
// asked (`a`, `b`: the paths the stats were taken of).
bool SameFileStat(const struct stat& a_st,
                  const std::string& a,
                  const struct stat& b_st,
                  const std::string& b);

// The id of this process, for names of temporary files.
int ProcessId();

}  // namespace agc::base
