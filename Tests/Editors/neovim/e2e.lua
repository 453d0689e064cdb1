-- End-to-end test of `flowc lsp` with Neovim's built-in client (Neovim 0.7.2 from Debian, headless).
-- Run by EditorClientTests (swift test) as:
--   FLOWC=.build/debug/flowc WORKSPACE=<a copy of Tests/Fixtures/lsp/shop> \
--     nvim --headless --clean -n -c 'luafile Tests/Editors/neovim/e2e.lua'
-- It opens shop.yaml (a typo in `push: detial`), checks the published diagnostics, applies the
-- did-you-mean and add-handler code actions, goes to definition into checkout.yaml, renames an outcome
-- across both files, saves, re-validates with `flowc validate`, sees a closed file's change on disk
-- reach shop.yaml's diagnostics, and shuts the server down. Each step
-- prints `ok STEP` or `not ok STEP: why`; the exit status is the number of failures (0 when all pass).
-- 0.7 has no vim.lsp.start: the client is started with vim.lsp.start_client and attached by hand.

local flowc = assert(os.getenv("FLOWC"), "FLOWC is not set")
local root = assert(os.getenv("WORKSPACE"), "WORKSPACE is not set")
local failures = 0
local exit_code = nil

local function report(ok, step, why)
  if ok then
    io.stdout:write("ok " .. step .. "\n")
  else
    failures = failures + 1
    io.stdout:write("not ok " .. step .. ": " .. tostring(why) .. "\n")
  end
end

local function diagnostics_text(bufnr)
  local lines = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(lines, string.format("%d:%d %s %s", d.lnum, d.col, d.code or "?", d.message))
  end
  table.sort(lines)
  return table.concat(lines, "\n")
end

local function wait_for_diagnostics(bufnr, predicate)
  return vim.wait(20000, function() return predicate(vim.diagnostic.get(bufnr)) end, 20)
end

local function request(bufnr, method, params)
  local responses = vim.lsp.buf_request_sync(bufnr, method, params, 20000)
  if not responses then return nil, "no response to " .. method end
  for _, response in pairs(responses) do
    if response.err then return nil, vim.inspect(response.err) end
    return response.result, nil
  end
  return nil, "empty response to " .. method
end

vim.cmd("edit " .. root .. "/shop.yaml")
local shop = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = "flowc",
  cmd = { flowc, "lsp" },
  root_dir = root,
  on_exit = function(code, _) exit_code = code end,
})
report(client_id ~= nil, "start_client", "the client did not start")
vim.lsp.buf_attach_client(shop, client_id)

-- 1. The typo's diagnostic, where flowc validate reports it (0-based line and column).
local typo = "9:14 FC203 unknown screen 'detial' in flow 'shop'; did you mean 'detail'?"
wait_for_diagnostics(shop, function(list) return #list > 0 end)
local shown = diagnostics_text(shop)
report(shown:find(typo, 1, true) ~= nil, "typo diagnostic", shown)

-- 2. The did-you-mean code action, applied as the client applies an edit.
local function apply_action(title_part, line, col)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(shop) },
    range = { start = { line = line, character = col }, ["end"] = { line = line, character = col } },
    context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(shop, line) },
  }
  local actions, err = request(shop, "textDocument/codeAction", params)
  if not actions then return false, err end
  for _, action in ipairs(actions) do
    if action.title:find(title_part, 1, true) then
      vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
      return true, action.title
    end
  end
  return false, "no action with '" .. title_part .. "' among " .. vim.inspect(vim.tbl_map(function(a) return a.title end, actions))
end
local ok, why = apply_action("Change to 'detail'", 9, 16)
report(ok, "code action did-you-mean", why)
report(vim.api.nvim_buf_get_lines(shop, 9, 10, false)[1] == "        push: detail", "edit applied",
  vim.api.nvim_buf_get_lines(shop, 9, 10, false)[1])
local cleared = wait_for_diagnostics(shop, function(list)
  for _, d in ipairs(list) do if d.code == "FC203" then return false end end
  return true
end)
report(cleared, "typo diagnostic cleared", diagnostics_text(shop))

-- 3. Add the missing outcome handler (FC402 on child 'checkout').
local missing = "22:2 FC402"
report(diagnostics_text(shop):find(missing, 1, true) ~= nil, "unhandled outcome diagnostic", diagnostics_text(shop))
ok, why = apply_action("Add 'cancelled: stay'", 22, 4)
report(ok, "code action add handler", why)
local handled = wait_for_diagnostics(shop, function(list) return #list == 1 end)
report(handled and diagnostics_text(shop):find("19:2 FC301", 1, true) ~= nil, "only the unreachable screen left", diagnostics_text(shop))

-- 4. Suppress the unreachable screen's finding with the inserted `# flowc:disable` comment.
ok, why = apply_action("Suppress FC301 here", 19, 3)
report(ok, "code action suppress", why)
report(vim.api.nvim_buf_get_lines(shop, 19, 20, false)[1] == "  # flowc:disable FC301 -- REASON", "suppression inserted",
  vim.api.nvim_buf_get_lines(shop, 19, 20, false)[1])
local clean = wait_for_diagnostics(shop, function(list) return #list == 0 end)
report(clean, "no diagnostics left", diagnostics_text(shop))

-- 5. Go to definition into another file: the child's `flow: checkout` to checkout.yaml's `flow:` line.
local location, err = request(shop, "textDocument/definition", {
  textDocument = { uri = vim.uri_from_bufnr(shop) }, position = { line = 24, character = 12 },
})
if location and location[1] then
  vim.lsp.util.jump_to_location(location[1], "utf-16")
  local name = vim.api.nvim_buf_get_name(0)
  local cursor = vim.api.nvim_win_get_cursor(0)
  report(name == root .. "/checkout.yaml" and cursor[1] == 1 and cursor[2] == 6, "definition into checkout.yaml",
    name .. " " .. vim.inspect(cursor))
else
  report(false, "definition into checkout.yaml", err or "no location")
end
local checkout = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(checkout, client_id)

-- 6. Rename the outcome 'paid' across both files, save, and validate the folder again.
local edit
edit, err = request(checkout, "textDocument/rename", {
  textDocument = { uri = vim.uri_from_bufnr(checkout) }, position = { line = 2, character = 12 }, newName = "completed",
})
if edit then
  vim.lsp.util.apply_workspace_edit(edit, "utf-16")
  vim.cmd("silent wall")
  local changed = 0
  for _, edits in pairs(edit.changes or {}) do changed = changed + #edits end
  report(changed == 3, "rename edits", vim.inspect(edit))
else
  report(false, "rename edits", err)
end
local validate = vim.fn.system({ flowc, "validate", root })
report(vim.v.shell_error == 0, "validate after rename", validate)
local shop_text = table.concat(vim.fn.readfile(root .. "/shop.yaml"), "\n")
local checkout_text = table.concat(vim.fn.readfile(root .. "/checkout.yaml"), "\n")
report(shop_text:find("      completed: stay", 1, true) ~= nil and checkout_text:find("outcomes: [completed, cancelled]", 1, true) ~= nil
  and checkout_text:find("{ finish: completed }", 1, true) ~= nil, "rename written to both files", shop_text .. "\n" .. checkout_text)

-- 7. A closed file changed on disk (as a `git checkout` or a generator does) reaches the open file's
-- diagnostics: checkout.yaml is closed, rewritten with its outcome 'completed' renamed, and the next
-- edit of shop.yaml shows the handler that no longer matches (Neovim 0.7 sends no watched-file events:
-- the server sees the change itself).
vim.cmd("bwipeout! " .. checkout)
vim.wait(200)
local rewritten = vim.tbl_map(function(line) return (line:gsub("completed", "settled")) end,
  vim.fn.readfile(root .. "/checkout.yaml"))
vim.fn.writefile(rewritten, root .. "/checkout.yaml")
vim.api.nvim_set_current_buf(shop)
vim.api.nvim_buf_set_lines(shop, -1, -1, false, { "# edited" })
local stale = "FC403 child 'checkout' handles outcome 'completed', which flow 'checkout' does not declare"
local seen = wait_for_diagnostics(shop, function(_) return diagnostics_text(shop):find(stale, 1, true) ~= nil end)
report(seen, "closed file changed on disk", diagnostics_text(shop))

-- 8. Clean shutdown: shutdown, exit, and the server's exit code 0.
vim.lsp.stop_client(client_id)
local stopped = vim.wait(20000, function() return exit_code ~= nil end, 20)
report(stopped and exit_code == 0, "clean shutdown", "exit code " .. tostring(exit_code))

io.stdout:write(string.format("%d failed\n", failures))
vim.cmd((failures == 0) and "qall!" or ("cquit " .. failures))
