/* A stand-in for macOS's <sys/syscall.h>, which Zig's macOS headers leave
   out (issue 49). Only mimalloc includes it, for SYS_mbind, a Linux system
   call that macOS's real header does not define either: empty gives it the
   same code as Apple's SDK does. */
#pragma once
