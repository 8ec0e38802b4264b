#pragma once
// The plain-text case format of jDip and godip, read case by case (read_cases in case_file.hpp
// chooses it by the file's first line). Private to the core.
#include <iosfwd>
#include <string>
#include <vector>

#include "dipadj/datc/case_file.hpp"

namespace dipadj {

// Reads the cases of `in` (named `name` in messages) into `take`; what concerns the file as a
// whole goes to `errors`.
void read_jdip_cases(std::istream& in, const std::string& name, CaseFile& file, const CaseTaker& take, VariantCache* cache,
                     const RuleOverrides& overrides, std::vector<Diagnostic>& errors);

}  // namespace dipadj
