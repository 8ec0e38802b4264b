#include "stack_room.hpp"

#include <pthread.h>

#include <cstring>
#include <exception>
#include <stdexcept>
#include <string>
#include <system_error>

namespace dipadj {

namespace {

// The lowest address of the calling thread's stack, or null where it cannot be known. Finding it
// is costly on a process's main thread (glibc reads /proc/self/maps, more so as the process
// grows), and it never changes while the thread lives: each thread asks once. This is the only
// thread_local in the library, a cache of a fact about the thread, never of anything it computes.
const char* lowest_stack_address() {
  thread_local const char* const lowest = [] () -> const char* {
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return nullptr;
    void* low = nullptr;
    std::size_t size = 0;
    const bool known = pthread_attr_getstack(&attributes, &low, &size) == 0;
    pthread_attr_destroy(&attributes);
    return known ? static_cast<const char*>(low) : nullptr;
  }();
  return lowest;
}

}  // namespace

std::size_t StackRoom::free_here() {
  const char* lowest = lowest_stack_address();
  if (lowest == nullptr) return 0;
  const char here = 0;
  // The stack grows down, towards its lowest address.
  const char* position = &here;
  return position > lowest ? static_cast<std::size_t>(position - lowest) : 0;
}

void StackRoom::run_on_own_thread(std::size_t bytes, void (*call)(void*), void* work) {
  struct Job {
    void (*call)(void*);
    void* work;
    std::exception_ptr failure;
  } job{call, work, nullptr};
  auto body = [](void* argument) -> void* {
    Job& j = *static_cast<Job*>(argument);
    try {
      j.call(j.work);
    } catch (...) {
      j.failure = std::current_exception();
    }
    return nullptr;
  };
  pthread_attr_t attributes;
  if (const int error = pthread_attr_init(&attributes); error != 0)
    throw std::system_error(error, std::generic_category(), "pthread_attr_init");
  const std::size_t page = 1U << 16U;
  int error = pthread_attr_setstacksize(&attributes, (bytes + page - 1) / page * page);
  pthread_t thread{};
  if (error == 0) error = pthread_create(&thread, &attributes, body, &job);
  pthread_attr_destroy(&attributes);
  if (error != 0)
    throw std::system_error(error, std::generic_category(),
                            "cannot start a thread with a stack of " + std::to_string(bytes >> 20U) + " MB for deep resolution");
  pthread_join(thread, nullptr);
  if (job.failure) std::rethrow_exception(job.failure);
}

}  // namespace dipadj
