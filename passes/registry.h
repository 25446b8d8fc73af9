// The table of passes, built from passes/passes.def.
#pragma once

#include <span>

#include "lib/pass/pass.h"

namespace agc::passes {

std::span<const pass::PassInfo> Registry();

}  // namespace agc::passes
