-- Builds in any owned supply centre (DATC chapter 11), what the C++ plugin build-anywhere
-- (plugins/build_anywhere) does: the centres a power owns, and only they, are home to it, for
-- builds and for the civil-disorder distances. Its cases are tests/data/build-anywhere/cases.yaml,
-- run against this variant by tests/lua_host_test.cpp.
function home_centre(centre, power, board)
  return board.owner(centre) == power
end
