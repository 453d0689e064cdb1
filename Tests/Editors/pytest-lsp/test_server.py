"""Every method of `flowc lsp`, replayed with the capabilities of Neovim 0.7 and of VS Code (the latest
VS Code that pytest-lsp records, 1.65.2), and of a client that offers UTF-8 positions.

Run by EditorClientTests (swift test) with the flowc binary in $FLOWC."""

import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import FLOWC

CLIENTS = ["neovim@v0.7.0", "visual_studio_code@v1.65.2", "utf-8"]


def capabilities(name: str) -> types.ClientCapabilities:
    if name == "utf-8":
        caps = client_capabilities("visual_studio_code@v1.65.2")
        caps.general = types.GeneralClientCapabilities(position_encodings=["utf-8", "utf-16"])
        return caps
    return client_capabilities(name)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[FLOWC, "lsp"]), params=CLIENTS)
async def client(request, lsp_client: LanguageClient, workspace: pathlib.Path):
    # As an editor does: accept the server's dynamic registrations (the file watchers), keeping them.
    lsp_client.registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        lsp_client.registrations.extend(params.registrations)
        return None

    result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=capabilities(request.param), root_uri=workspace.as_uri())
    )
    lsp_client.init_result = result
    lsp_client.workspace_folder = workspace
    lsp_client.client_name = request.param
    yield
    await lsp_client.shutdown_session()


def uri(client: LanguageClient, name: str) -> str:
    return (client.workspace_folder / name).as_uri()


async def open_file(client: LanguageClient, name: str) -> list[types.Diagnostic]:
    text = (client.workspace_folder / name).read_text()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri(client, name), language_id="yaml", version=1, text=text)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return list(client.diagnostics.get(uri(client, name), []))


def at(client: LanguageClient, name: str, line: int, character: int):
    return types.TextDocumentIdentifier(uri=uri(client, name)), types.Position(line=line, character=character)


def span(r: types.Range) -> str:
    return f"{r.start.line}:{r.start.character}-{r.end.line}:{r.end.character}"


async def test_initialize_answers_capabilities(client: LanguageClient):
    caps = client.init_result.capabilities
    expected = "utf-8" if client.client_name == "utf-8" else "utf-16"
    assert caps.position_encoding == expected
    assert caps.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert caps.definition_provider and caps.references_provider and caps.hover_provider
    assert caps.rename_provider.prepare_provider is True
    assert list(caps.execute_command_provider.commands) == ["flowc.graph"]
    assert client.init_result.server_info.name == "flowc"


async def test_file_watchers_registered_when_the_client_can(client: LanguageClient):
    # A request answered after `initialized` comes after the registration the server sent on it.
    await client.workspace_symbol_async(types.WorkspaceSymbolParams(query=""))
    watched = capabilities(client.client_name).workspace.did_change_watched_files
    if watched is not None and watched.dynamic_registration:
        assert [(r.id, r.method, r.register_options) for r in client.registrations] == [
            (
                "flowc-watch-files",
                "workspace/didChangeWatchedFiles",
                {"watchers": [{"globPattern": "**/*.{yaml,yml}"}, {"globPattern": "**/.flowc.yml"}]},
            )
        ]
    else:
        assert client.registrations == []


async def test_diagnostics_on_open_with_ranges_codes_and_links(client: LanguageClient):
    diagnostics = await open_file(client, "shop.yaml")
    shown = [(span(d.range), d.code, d.message) for d in diagnostics]
    assert shown == [
        ("9:14-9:20", "FC203", "unknown screen 'detial' in flow 'shop'; did you mean 'detail'?"),
        ("19:2-19:9", "FC301", "screen 'archive' is unreachable from the start of flow 'shop'; push it from a reachable screen or remove it"),
        ("22:2-22:10", "FC402", "child 'checkout' does not handle outcome 'cancelled' of flow 'checkout'; add 'cancelled: stay' or another action under its 'on'"),
    ]
    unreachable = diagnostics[1]
    assert list(unreachable.tags) == [types.DiagnosticTag.Unnecessary]
    assert diagnostics[0].code_description.href.endswith("/FC203.txt")
    related = diagnostics[2].related_information
    assert [(pathlib.Path(r.location.uri).name, span(r.location.range), r.message) for r in related] == [
        ("checkout.yaml", "2:17-2:26", "outcome 'cancelled' declared here")
    ]


async def test_change_rechecks_and_clears_fixed_diagnostics(client: LanguageClient):
    await open_file(client, "shop.yaml")
    doc = types.VersionedTextDocumentIdentifier(uri=uri(client, "shop.yaml"), version=2)
    edit = types.TextDocumentContentChangePartial(
        range=types.Range(start=types.Position(line=9, character=14), end=types.Position(line=9, character=20)),
        text="detail",
    )
    client.text_document_did_change(types.DidChangeTextDocumentParams(text_document=doc, content_changes=[edit]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [d.code for d in client.diagnostics[uri(client, "shop.yaml")]] == ["FC301", "FC402"]
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri(client, "shop.yaml")))
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri(client, "shop.yaml")]) == []


async def test_definition_across_files(client: LanguageClient):
    await open_file(client, "shop.yaml")
    doc, pos = at(client, "shop.yaml", 23, 12)
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=doc, position=pos))
    assert [(pathlib.Path(l.uri).name, span(l.range)) for l in found] == [("checkout.yaml", "0:6-0:14")]
    doc, pos = at(client, "shop.yaml", 26, 7)
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=doc, position=pos))
    assert [(pathlib.Path(l.uri).name, span(l.range)) for l in found] == [("checkout.yaml", "2:11-2:15")]


async def test_references_of_an_outcome(client: LanguageClient):
    await open_file(client, "checkout.yaml")
    doc, pos = at(client, "checkout.yaml", 2, 12)
    found = await client.text_document_references_async(
        types.ReferenceParams(text_document=doc, position=pos, context=types.ReferenceContext(include_declaration=True))
    )
    assert [(pathlib.Path(l.uri).name, span(l.range)) for l in found] == [
        ("checkout.yaml", "2:11-2:15"),
        ("checkout.yaml", "7:21-7:25"),
        ("shop.yaml", "26:6-26:10"),
    ]


async def test_rename_and_its_refusals(client: LanguageClient):
    await open_file(client, "checkout.yaml")
    doc, pos = at(client, "checkout.yaml", 2, 12)
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=doc, position=pos))
    assert span(prepared.range) == "2:11-2:15" and prepared.placeholder == "paid"
    edit = await client.text_document_rename_async(types.RenameParams(text_document=doc, position=pos, new_name="completed"))
    changes = {pathlib.Path(k).name: sorted(span(e.range) for e in v) for k, v in edit.changes.items()}
    assert changes == {"checkout.yaml": ["2:11-2:15", "7:21-7:25"], "shop.yaml": ["26:6-26:10"]}
    with pytest.raises(JsonRpcException) as clash:
        await client.text_document_rename_async(types.RenameParams(text_document=doc, position=pos, new_name="cancelled"))
    assert "flow 'checkout' has an outcome 'cancelled'" in str(clash.value)
    with pytest.raises(JsonRpcException) as invalid:
        await client.text_document_rename_async(types.RenameParams(text_document=doc, position=pos, new_name="two words"))
    assert "is not a plain name" in str(invalid.value)


async def test_completion_after_push_and_dollar(client: LanguageClient):
    await open_file(client, "shop.yaml")
    doc, pos = at(client, "shop.yaml", 9, 14)
    items = await client.text_document_completion_async(types.CompletionParams(text_document=doc, position=pos))
    assert sorted(i.label for i in items.items) == ["archive", "catalog", "detail"]
    doc, pos = at(client, "shop.yaml", 10, 25)
    items = await client.text_document_completion_async(types.CompletionParams(text_document=doc, position=pos))
    assert [i.label for i in items.items] == ["itemID"]


async def test_hover_on_a_screen_and_a_code(client: LanguageClient):
    await open_file(client, "shop.yaml")
    doc, pos = at(client, "shop.yaml", 11, 4)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=doc, position=pos))
    assert "**screen `detail`** of flow `shop`" in hover.contents.value
    assert "`itemID: int` (min 1)" in hover.contents.value
    assert "Events: `buy`" in hover.contents.value
    doc, pos = at(client, "shop.yaml", 9, 16)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=doc, position=pos))
    assert "**FC203 unknown-screen** (error)" in hover.contents.value


async def test_code_actions(client: LanguageClient):
    diagnostics = await open_file(client, "shop.yaml")
    doc = types.TextDocumentIdentifier(uri=uri(client, "shop.yaml"))
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc, range=diagnostics[0].range, context=types.CodeActionContext(diagnostics=diagnostics[:1])
        )
    )
    titles = [a.title for a in actions]
    assert titles == ["Change to 'detail'", "Declare screen 'detial'", "Suppress FC203 here (# flowc:disable)"]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc, range=diagnostics[2].range, context=types.CodeActionContext(diagnostics=diagnostics[2:])
        )
    )
    add = actions[0]
    assert add.title == "Add 'cancelled: stay' to child 'checkout'"
    [edit] = add.edit.changes[uri(client, "shop.yaml")]
    assert span(edit.range) == "26:0-26:0" and edit.new_text == "      cancelled: stay\n"


async def test_document_and_workspace_symbols(client: LanguageClient):
    await open_file(client, "shop.yaml")
    doc = types.TextDocumentIdentifier(uri=uri(client, "shop.yaml"))
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc))
    if client.client_name.startswith("neovim") or client.client_name.startswith("visual"):
        [flow] = symbols
        assert flow.name == "shop"
        assert [(c.name, [e.name for e in (c.children or [])]) for c in flow.children] == [
            ("catalog", ["open"]),
            ("detail", ["buy"]),
            ("archive", []),
            ("checkout", []),
        ]
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="chk"))
    assert sorted((s.name, pathlib.Path(s.location.uri).name) for s in found) == [
        ("checkout", "checkout.yaml"),
        ("checkout", "shop.yaml"),
    ]


async def test_graph_command(client: LanguageClient):
    await open_file(client, "shop.yaml")
    for fmt, start in [("dot", "digraph"), ("mermaid", "flowchart"), ("svg", "<?xml")]:
        result = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(
                command="flowc.graph",
                arguments=[{"uri": uri(client, "shop.yaml"), "position": {"line": 0, "character": 0}, "format": fmt}],
            )
        )
        assert result["format"] == fmt and result["flow"] == "shop"
        assert result["text"].lstrip().startswith(start)
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="flowc.graph", arguments=[uri(client, "shop.yaml"), {"line": 23, "character": 12}, "dot"]
        )
    )
    assert result["flow"] == "checkout"


async def test_unknown_method_is_method_not_found(client: LanguageClient):
    with pytest.raises(JsonRpcException) as error:
        await client.protocol.send_request_async("flowc/nothing", {})
    assert error.value.code == -32601


async def test_save_reads_the_files_on_disk_again(client: LanguageClient):
    await open_file(client, "shop.yaml")
    # checkout.yaml is not open: its file changes on disk (no 'cancelled' outcome left to handle).
    path = client.workspace_folder / "checkout.yaml"
    path.write_text(path.read_text().replace("outcomes: [paid, cancelled]", "outcomes: [paid]").replace(
        "      cancel: { finish: cancelled }\n", ""))
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri(client, "shop.yaml")))
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [d.code for d in client.diagnostics[uri(client, "shop.yaml")]] == ["FC203", "FC301"]
