-- The Lua interpreter's workload: a sieve, recursion, table sorting with a comparison function,
-- string building and pattern matching, closures and a small object system.
-- Use: lua bench.lua [SCALE]. Written for this suite; prints only order-independent results.
local scale = tonumber(arg and arg[1]) or 10

local function sieve(n)
  local composite, count = {}, 0
  for i = 2, n do
    if not composite[i] then
      count = count + 1
      for j = i * i, n, i do composite[j] = true end
    end
  end
  return count
end

local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end

local seed = 12345
local function rand(m)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return (seed // 65536) % m
end

local function sorting(n)
  local t = {}
  for i = 1, n do t[i] = { key = rand(1000), name = "n" .. rand(100000) } end
  table.sort(t, function(a, b)
    if a.key ~= b.key then return a.key < b.key end
    return a.name < b.name
  end)
  local h = 0
  for i = 1, n, 97 do h = (h * 31 + t[i].key + #t[i].name) % 1000000007 end
  return h
end

local function strings(n)
  local parts = {}
  for i = 1, n do parts[#parts + 1] = string.format("%d:%s;", i, string.rep("ab", i % 7)) end
  local s = table.concat(parts)
  local count = 0
  for num, word in s:gmatch("(%d+):(a[ab]*);") do
    if #word > 4 and tonumber(num) % 3 == 0 then count = count + 1 end
  end
  local replaced = s:gsub("abab", "X")
  return count, #replaced
end

local Account = {}
Account.__index = Account
function Account.new(balance) return setmetatable({ balance = balance, ops = 0 }, Account) end
function Account:deposit(v) self.balance = self.balance + v; self.ops = self.ops + 1 end
function Account:withdraw(v)
  if v > self.balance then return false end
  self.balance = self.balance - v; self.ops = self.ops + 1
  return true
end

local function objects(n)
  local accounts = {}
  for i = 1, 100 do accounts[i] = Account.new(i * 10) end
  local refused = 0
  for i = 1, n do
    local a = accounts[rand(100) + 1]
    if i % 3 == 0 then
      if not a:withdraw(rand(500)) then refused = refused + 1 end
    else
      a:deposit(rand(300))
    end
  end
  local total = 0
  for i = 1, #accounts do total = total + accounts[i].balance end
  return total, refused
end

local function closures(n)
  local adders = {}
  for i = 1, 64 do adders[i] = function(x) return x + i end end
  local acc = 0
  for i = 1, n do acc = adders[i % 64 + 1](acc) % 1000003 end
  return acc
end

print("primes", sieve(20000 * scale))
print("fib", fib(17 + math.floor(math.log(scale, 2))))
print("sort", sorting(2000 * scale))
print("strings", strings(3000 * scale))
print("objects", objects(20000 * scale))
print("closures", closures(50000 * scale))
