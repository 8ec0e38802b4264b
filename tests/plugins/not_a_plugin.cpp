// A shared library that is no dipadj plugin at all.
extern "C" int not_a_plugin_answer() { return 42; }
