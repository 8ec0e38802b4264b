#pragma once
// An aggregate (SubmittedOrder, WrittenOrder) made in a vector's new place from its members'
// values: emplace_back(members...), which C++20 allows (P0960), rather than push_back(T{...}),
// which makes a temporary and moves it in (for an order, as much again as the copy). Compilers
// without it (clang before 16, the sanitizer builds' compiler) get the push_back. Private to the
// core library.
#include <utility>
#include <vector>

namespace dipadj {

template <class T, class... Members>
T& emplace_aggregate(std::vector<T>& items, Members&&... members) {
#if defined(__cpp_aggregate_paren_init)
  return items.emplace_back(std::forward<Members>(members)...);
#else
  return items.emplace_back(T{std::forward<Members>(members)...});
#endif
}

}  // namespace dipadj
