#pragma once
// Room on the stack for deep recursion. The resolver recurses once per decision that waits on
// another: a line of 40,000 moves, each into the province the next one leaves, is 40,000 frames
// deep, more than any thread's stack holds. Rather than let the depth depend on the stack of the
// caller's thread, the work runs where there is room for the deepest recursion it can have: on
// the calling thread when its stack has that much left (always, for the boards people play), else
// on a thread made with a stack of that size.
#include <cstddef>

namespace dipadj {

// Sanitizers make stack frames several times bigger; estimates of stack use allow for it.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitizedBuild = true;  // GCC
#elif defined(__has_feature)
inline constexpr bool kSanitizedBuild = __has_feature(address_sanitizer);  // clang
#else
inline constexpr bool kSanitizedBuild = false;
#endif

class StackRoom {
 public:
  // Calls `work()` where at least `bytes` of stack are free, and returns when it has returned
  // (an exception it throws is thrown here).
  template <class Work>
  void run(std::size_t bytes, Work& work) {
    if (free_here() >= bytes) work();
    else run_on_own_thread(bytes, [](void* w) { (*static_cast<Work*>(w))(); }, &work);
  }

 private:
  // The stack left below this call on the calling thread (its bounds found once per thread).
  static std::size_t free_here();
  static void run_on_own_thread(std::size_t bytes, void (*call)(void*), void* work);
};

}  // namespace dipadj
