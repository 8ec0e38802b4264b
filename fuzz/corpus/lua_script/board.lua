function home_centre(c, p, board)
  local n = 0
  for _, u in ipairs(board.units()) do n = n + 1 end
  return n > 3 and board.owner(c) == p
end
function centre_counts(c, o) return map.is_centre(c) end
