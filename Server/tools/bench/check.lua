-- wrk: POST /v1/codes/check, a wrong code for one of the destinations bench/run sent codes to
-- (+1415200NNNN, NNNN < COUNT), from a new client address each request.
math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16) % 100000)
local count = tonumber(os.getenv("DESTINATIONS") or "2000")
request = function()
    local body = string.format('{"destination":"+1415200%04d","code":"000000"}', math.random(0, count - 1))
    local headers = {
        ["Content-Type"] = "application/json",
        ["X-Forwarded-For"] = "10." .. math.random(0, 255) .. "." .. math.random(0, 255) .. "." .. math.random(0, 255),
    }
    return wrk.format("POST", "/v1/codes/check", headers, body)
end
