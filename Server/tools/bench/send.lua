-- wrk: POST /v1/codes, a new destination (+1 415 and 7 digits) and client address each request.
math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16) % 100000)
request = function()
    local body = '{"destination":"+1415' .. math.random(2000000, 9999999) .. '"}'
    local headers = {
        ["Content-Type"] = "application/json",
        ["X-Forwarded-For"] = "10." .. math.random(0, 255) .. "." .. math.random(0, 255) .. "." .. math.random(0, 255),
    }
    return wrk.format("POST", "/v1/codes", headers, body)
end
