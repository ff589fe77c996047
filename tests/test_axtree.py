"""Tests for webenv.axtree: roles, names, states, hiding, pruning, ids, text."""

from __future__ import annotations

import re

import lxml.etree
import lxml.html
import pytest

from webenv.axtree import AXNode, AXTree, assign_ids, build_axtree, element_id, rules


def page(body: str, title: str = "T", head: str = "") -> lxml.html.HtmlElement:
    return lxml.html.fromstring(
        f"<!DOCTYPE html><html><head><title>{title}</title>{head}</head><body>{body}</body></html>"
    )


def build(body: str, focus: str | None = None, **kwargs) -> AXTree:
    doc = page(body, **kwargs)
    focused = doc.get_element_by_id(focus) if focus else None
    return build_axtree(doc, focused=focused)


def lines(body: str, focus: str | None = None) -> list[str]:
    """Rendered lines below the root, without ids and indentation."""
    text = build(body, focus).text()
    return [re.sub(r"^\t*\[\d+\] ", "", line) for line in text.split("\n")[1:]]


def outline(body: str) -> str:
    """Rendered tree below the root with ids removed but indentation kept."""
    text = build(body).text()
    return "\n".join(re.sub(r"\[\d+\] ", "", line) for line in text.split("\n")[1:])


# -- format -----------------------------------------------------------------------------


def test_root_line_and_indentation():
    tree = build(
        '<nav aria-label="Main"><ul><li><a href="/">Home</a></li></ul></nav>', title="My  Shop"
    )
    text = tree.text()
    assert text.split("\n")[0] == "[0] RootWebArea 'My Shop'"
    assert "\n\t[" in text
    assert "\t\t\t\t[" in text  # root > navigation > list > listitem > link
    assert tree.root.role == "RootWebArea"
    assert tree.root.element is tree.elements[0]


def test_design_example_format():
    body = (
        '<a href="/orders">My Orders</a>'
        '<form role="search"><input type="text" id="q" aria-label="Search">'
        "<button>Search</button></form>"
        '<label for="s">Sort by</label><select id="s"><option>Price</option></select>'
        "<p>Total: $41.97</p>"
    )
    assert lines(body, focus="q") == [
        "link 'My Orders'",
        "search ''",
        "textbox 'Search' focused: True required: False",
        "button 'Search'",
        "StaticText 'Sort by'",
        "combobox 'Sort by' expanded: False",
        "option 'Price' selected: True",
        "StaticText 'Total: $41.97'",
    ]


def test_names_are_collapsed_and_quotes_not_escaped():
    assert lines("<a href='/'>  It's\n  <b>here</b>  </a>") == ["link 'It's here'"]


def test_string_properties_are_quoted():
    assert lines('<input aria-label="Q" value="blue mug">') == [
        "textbox 'Q' required: False value: 'blue mug'"
    ]


def test_node_line_matches_text():
    tree = build('<input aria-label="Q" value="x" required>')
    node = tree.find("textbox", "Q")[0]
    assert node.line() in tree.text()


# -- roles ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ('<a href="/x">Go</a>', "link 'Go'"),
        ("<button>Go</button>", "button 'Go'"),
        ('<input type="submit" value="Send">', "button 'Send'"),
        ('<input type="button" value="Do">', "button 'Do'"),
        ('<input type="reset">', "button 'Reset'"),
        ('<input type="image" alt="Pay">', "button 'Pay'"),
        ('<input type="text" aria-label="A">', "textbox 'A' required: False"),
        ('<input aria-label="A">', "textbox 'A' required: False"),
        ('<input type="email" aria-label="A">', "textbox 'A' required: False"),
        ('<input type="password" aria-label="A">', "textbox 'A' required: False"),
        ('<input type="tel" aria-label="A">', "textbox 'A' required: False"),
        ('<input type="url" aria-label="A">', "textbox 'A' required: False"),
        ('<input type="search" aria-label="A">', "searchbox 'A' required: False"),
        ('<input type="number" aria-label="A">', "spinbutton 'A' required: False"),
        ('<input type="checkbox" aria-label="A">', "checkbox 'A' checked: False"),
        ('<input type="radio" aria-label="A">', "radio 'A' checked: False"),
        ('<input type="range" aria-label="A">', "slider 'A'"),
        ('<textarea aria-label="A"></textarea>', "textbox 'A' required: False"),
        ('<img src="x.png" alt="Logo">', "image 'Logo'"),
        ('<h2 id="h">Title</h2>', "heading 'Title'"),
        ('<nav aria-label="N"><a href="/">x</a></nav>', "navigation 'N'"),
        ("<main><a href='/'>x</a></main>", "main ''"),
        ("<header><a href='/'>x</a></header>", "banner ''"),
        ("<footer><a href='/'>x</a></footer>", "contentinfo ''"),
        ("<aside><a href='/'>x</a></aside>", "complementary ''"),
        ('<form aria-label="Login"><a href="/">x</a></form>', "form 'Login'"),
        ('<section aria-label="Reviews"><a href="/">x</a></section>', "region 'Reviews'"),
        ("<article><a href='/'>x</a></article>", "article ''"),
        ("<ul><li>a</li></ul>", "list ''"),
        ("<ol><li>a</li></ol>", "list ''"),
        ("<menu><li>a</li></menu>", "list ''"),
        ("<ul><li>a</li></ul>", "listitem ''"),
        ("<dl><dt>k</dt><dd>v</dd></dl>", "DescriptionList ''"),
        ("<dl><dt>k</dt><dd>v</dd></dl>", "term ''"),
        ("<dl><dt>k</dt><dd>v</dd></dl>", "definition ''"),
        ("<table><tr><td>a</td></tr></table>", "table ''"),
        ("<table><tr><td>a</td></tr></table>", "row ''"),
        ("<table><tr><td>a</td></tr></table>", "cell 'a'"),
        ("<table><tr><th>H</th></tr></table>", "columnheader 'H'"),
        ('<table><tr><th scope="row">H</th></tr></table>', "rowheader 'H'"),
        ("<table><caption>Cap</caption><tr><td>a</td></tr></table>", "caption 'Cap'"),
        (
            "<details><summary>More</summary>x</details>",
            "DisclosureTriangle 'More' expanded: False",
        ),
        ("<blockquote>q</blockquote>", "blockquote ''"),
        ("<hr>", "separator ''"),
        ('<progress aria-label="P" value="3" max="10"></progress>', "progressbar 'P'"),
        ('<meter aria-label="M" value="3"></meter>', "meter 'M'"),
        ('<dialog open aria-label="D">x</dialog>', "dialog 'D'"),
        ("<figure><img src='a' alt='A'></figure>", "figure ''"),
        ('<optgroup label="x"></optgroup>', "group 'x'"),
        ("<search><a href='/'>x</a></search>", "search ''"),
        ('<div role="button">Press</div>', "button 'Press'"),
        ('<span role="img" aria-label="Star"></span>', "image 'Star'"),
        ('<div role="tab" aria-selected="true">One</div>', "tab 'One' selected: True"),
        ('<div aria-label="Box">x</div>', "generic 'Box'"),
    ],
)
def test_role_mapping(html, expected):
    assert expected in lines(html)


def test_select_single_is_combobox_with_options():
    assert lines("<select aria-label='S'><option>A</option><option>B</option></select>") == [
        "combobox 'S' expanded: False",
        "option 'A' selected: True",
        "option 'B' selected: False",
    ]


def test_select_multiple_or_size_is_listbox():
    html = "<select aria-label='S' multiple><option>A</option><option selected>B</option></select>"
    assert lines(html) == [
        "listbox 'S'",
        "option 'A' selected: False",
        "option 'B' selected: True",
    ]
    assert lines("<select aria-label='S' size='3'><option>A</option></select>")[0] == "listbox 'S'"
    assert lines("<select aria-label='S' size='1'><option>A</option></select>")[0].startswith(
        "combobox"
    )


def test_optgroup_groups_options():
    html = (
        "<select aria-label='S'><optgroup label='Fruit'><option>Apple</option></optgroup>"
        "<option>Other</option></select>"
    )
    assert outline(html).split("\n") == [
        "\tcombobox 'S' expanded: False",
        "\t\tgroup 'Fruit'",
        "\t\t\toption 'Apple' selected: True",
        "\t\toption 'Other' selected: False",
    ]


def test_header_footer_inside_sectioning_are_generic_and_pruned():
    html = "<article><header>By Ann</header><footer>3 comments</footer></article>"
    assert lines(html) == ["article ''", "StaticText 'By Ann'", "StaticText '3 comments'"]


def test_input_hidden_is_not_shown():
    assert lines('<input type="hidden" name="csrf" value="x"><a href="/">A</a>') == ["link 'A'"]


def test_img_with_empty_alt_or_no_name_is_not_shown():
    assert lines('<img src="a.png" alt=""><img src="b.png"><a href="/">A</a>') == ["link 'A'"]


def test_explicit_role_overrides_native():
    assert lines('<a href="/" role="button">Go</a>') == ["button 'Go'"]
    assert lines('<ul role="list"><li role="presentation">x</li></ul>') == [
        "list ''",
        "StaticText 'x'",
    ]
    assert lines('<div role="unknownrole navigation" aria-label="N">x</div>')[0] == (
        "navigation 'N'"
    )


def test_presentation_role_is_ignored_on_controls():
    assert lines('<button role="none">Go</button>') == ["button 'Go'"]


def test_a_without_href_is_generic():
    assert lines("<a>plain</a>") == ["StaticText 'plain'"]


# -- names --------------------------------------------------------------------------------


def test_name_from_label_for():
    html = '<label for="e">Email</label><input id="e" type="email">'
    assert lines(html) == ["StaticText 'Email'", "textbox 'Email' required: False"]


def test_name_from_label_for_after_the_control():
    html = '<input id="e"><label for="e">Later</label>'
    assert lines(html)[0] == "textbox 'Later' required: False"


def test_name_from_wrapping_label_excludes_the_control():
    html = '<label><input type="checkbox" name="x"> Remember me</label>'
    assert lines(html) == ["checkbox 'Remember me' checked: False", "StaticText 'Remember me'"]


def test_name_from_wrapping_label_with_select_excludes_its_options():
    html = "<label>Sort <select><option>Price</option></select></label>"
    assert lines(html)[1] == "combobox 'Sort' expanded: False"


def test_name_from_multiple_labels():
    html = '<label for="q">Qty</label><input id="q"><label for="q">(max 5)</label>'
    assert lines(html)[1] == "textbox 'Qty (max 5)' required: False"


def test_labels_after_their_controls_name_them_in_document_order():
    html = (
        '<label for="q">Qty</label><input id="q"><select id="s"><option>A</option></select>'
        '<input type="checkbox" id="c"><label for="c">Pick</label><label for="q">(max 5)</label>'
        '<label for="s">Size</label><textarea id="t"></textarea><label for="t">Note</label>'
    )
    assert [line for line in lines(html) if not line.startswith(("StaticText", "option"))] == [
        "textbox 'Qty (max 5)' required: False",
        "combobox 'Size' expanded: False",
        "checkbox 'Pick' checked: False",
        "textbox 'Note' required: False",
    ]


def test_label_after_a_button_names_it_and_hides_its_text():
    html = '<button id="b">Go</button><label for="b">Send</label>'
    assert lines(html) == ["button 'Send'", "StaticText 'Go'", "StaticText 'Send'"]


def test_hidden_labels_still_name_their_controls():
    html = (
        '<div aria-hidden="true"><label for="a">Early</label></div><input id="a">'
        '<input id="b"><svg aria-hidden="true"><label for="b">Late</label></svg>'
    )
    assert lines(html) == ["textbox 'Early' required: False", "textbox 'Late' required: False"]


def test_a_focused_control_named_by_a_later_label():
    html = '<input id="e"><label for="e">Later</label>'
    assert lines(html, focus="e")[0] == "textbox 'Later' focused: True required: False"


def test_aria_label_alone_names_any_element():
    assert lines('<span aria-label="Note">x</span>') == ["generic 'Note'", "StaticText 'x'"]
    assert lines('<a aria-label="Anchor">x</a><a href="/" aria-label="Home">x</a>') == [
        "generic 'Anchor'",
        "StaticText 'x'",
        "link 'Home'",
        "StaticText 'x'",
    ]
    assert lines('<nav aria-label="Main"><header>Top</header></nav>') == [
        "navigation 'Main'",
        "StaticText 'Top'",
    ]
    assert lines('<fieldset disabled><button aria-label="Up">+</button></fieldset>') == [
        "button 'Up' disabled: True",
        "StaticText '+'",
    ]
    assert lines('<label aria-label="Named">Remember <input type="checkbox"></label>') == [
        "LabelText 'Named'",
        "StaticText 'Remember'",
        "checkbox 'Remember' checked: False",
    ]
    assert lines('<p aria-label="  ">Blank</p><body aria-label="B">') == ["StaticText 'Blank'"]


def test_hidden_inputs_and_aria_hidden_subtrees_are_only_numbered():
    tree = build('<input type=" Hidden " name="t"><i aria-hidden="TRUE"><b>x</b></i><p>y</p>')
    assert tree.text().split("\n")[1:] == ["\t[10] StaticText 'y'"]
    assert [el.tag for el in tree.elements.values()][-4:] == ["input", "i", "b", "p"]
    assert lines('<input type="hidden" role="button" aria-label="Shown">') == ["button 'Shown'"]


def test_name_from_aria_label_beats_label():
    html = '<label for="q">Label</label><input id="q" aria-label="Aria">'
    assert lines(html)[1] == "textbox 'Aria' required: False"


def test_name_from_aria_labelledby_beats_aria_label():
    html = (
        '<span id="a">First</span><span id="b" hidden>Second</span>'
        '<input aria-labelledby="a b" aria-label="ignored">'
    )
    assert lines(html)[-1] == "textbox 'First Second' required: False"


def test_aria_labelledby_uses_the_first_element_with_each_id():
    # The referenced element may come before, inside or after the labelled one.
    html = '<b id="x">Before</b><div role="region" aria-labelledby="x"><i id="x">In</i></div>'
    assert lines(html)[1] == "region 'Before'"
    html = '<div role="region" aria-labelledby="x y"><i id="x">In</i></div><b id="y">After</b>'
    assert lines(html)[0] == "region 'In After'"
    html = '<div role="region" aria-labelledby="z">x</div><p><b id="z">Later</b></p><i id="z">2</i>'
    assert lines(html)[0] == "region 'Later'"


def test_aria_labelledby_to_missing_ids_falls_back():
    assert lines('<input aria-labelledby="nope" aria-label="Fallback">') == [
        "textbox 'Fallback' required: False"
    ]


def test_name_from_alt_and_in_content():
    assert lines('<a href="/"><img src="l.png" alt="Home page"></a>') == [
        "link 'Home page'",
        "image 'Home page'",
    ]


def test_name_from_title():
    assert lines('<input title="Quantity">') == ["textbox 'Quantity' required: False"]
    assert lines('<a href="/" title="Cart"></a>') == ["link 'Cart'"]


def test_name_from_placeholder_last():
    assert lines('<input placeholder="Search...">') == ["textbox 'Search...' required: False"]
    assert lines('<input title="T" placeholder="P">') == ["textbox 'T' required: False"]


def test_submit_value_and_defaults():
    assert lines('<input type="submit" value="Place order">') == ["button 'Place order'"]
    assert lines('<input type="submit">') == ["button 'Submit'"]
    assert lines('<input type="reset">') == ["button 'Reset'"]


def test_button_name_from_content_includes_alt_and_skips_hidden():
    html = '<button><img src="c.png" alt="Cart"> Add <span hidden>secret</span></button>'
    assert lines(html)[0] == "button 'Cart Add'"


def test_fieldset_legend_names_group():
    html = '<fieldset><legend>Shipping</legend><input type="radio" aria-label="Fast"></fieldset>'
    assert lines(html) == ["group 'Shipping'", "radio 'Fast' checked: False"]


def test_unnamed_fieldset_is_pruned():
    assert lines('<fieldset><input type="radio" aria-label="A"></fieldset>') == [
        "radio 'A' checked: False"
    ]


def test_table_caption_headers_and_cells():
    html = (
        "<table><caption>Orders</caption><thead><tr><th>Order</th><th>Total</th></tr></thead>"
        "<tbody><tr><td>#1</td><td>Total: <b>$41.97</b></td></tr></tbody></table>"
    )
    assert outline(html).split("\n") == [
        "\ttable 'Orders'",
        "\t\tcaption 'Orders'",
        "\t\trow ''",
        "\t\t\tcolumnheader 'Order'",
        "\t\t\tcolumnheader 'Total'",
        "\t\trow ''",
        "\t\t\tcell '#1'",
        "\t\t\tcell 'Total: $41.97'",
    ]


def test_figure_named_by_figcaption():
    html = "<figure><img src='a' alt='Mug'><figcaption>A blue mug</figcaption></figure>"
    assert lines(html) == ["figure 'A blue mug'", "image 'Mug'"]


def test_listitem_is_not_named_from_content():
    assert lines("<ul><li>Apples</li></ul>") == ["list ''", "listitem ''", "StaticText 'Apples'"]


def test_block_children_are_separated_in_names():
    assert lines('<a href="/"><div>Blue</div><div>Mug</div></a>') == ["link 'Blue Mug'"]


def test_heading_named_from_content_keeps_nested_link():
    assert lines('<h1>Welcome, <a href="/me">Emma</a></h1>') == [
        "heading 'Welcome, Emma'",
        "link 'Emma'",
    ]


def test_option_label_attribute():
    assert lines("<select aria-label='S'><option label='Cheap'>$</option></select>")[1] == (
        "option 'Cheap' selected: True"
    )


# -- states -------------------------------------------------------------------------------


def test_selected_defaults_to_first_enabled_option():
    html = (
        "<select aria-label='S'><option disabled>Choose</option><option>A</option>"
        "<option>B</option></select>"
    )
    assert lines(html)[1:] == [
        "option 'Choose' selected: False disabled: True",
        "option 'A' selected: True",
        "option 'B' selected: False",
    ]


def test_selected_explicit_attribute():
    html = "<select aria-label='S'><option>A</option><option selected>B</option></select>"
    assert lines(html)[1:] == ["option 'A' selected: False", "option 'B' selected: True"]


def test_checked_state():
    assert lines('<input type="checkbox" aria-label="A" checked>') == ["checkbox 'A' checked: True"]
    assert lines('<input type="radio" aria-label="B">') == ["radio 'B' checked: False"]
    assert lines('<div role="checkbox" aria-checked="true">C</div>') == [
        "checkbox 'C' checked: True"
    ]


def test_details_open_and_closed():
    closed = "<details><summary>More</summary><p>Hidden text</p>tail</details>"
    assert lines(closed) == ["DisclosureTriangle 'More' expanded: False"]
    opened = "<details open><summary>More</summary><p>Shown text</p></details>"
    assert lines(opened) == [
        "DisclosureTriangle 'More' expanded: True",
        "StaticText 'Shown text'",
    ]


def test_required_state():
    assert lines('<input aria-label="A" required>') == ["textbox 'A' required: True"]
    assert lines('<input aria-label="A">') == ["textbox 'A' required: False"]
    assert lines('<input aria-label="A" aria-required="true">') == ["textbox 'A' required: True"]
    assert lines("<select aria-label='S' required><option>x</option></select>")[0] == (
        "combobox 'S' expanded: False required: True"
    )
    assert lines('<input type="checkbox" aria-label="C" required>') == [
        "checkbox 'C' checked: False required: True"
    ]


def test_focused_state_comes_first():
    assert lines('<input id="q" aria-label="Q" required value="x">', focus="q") == [
        "textbox 'Q' focused: True required: True value: 'x'"
    ]
    assert lines('<a id="l" href="/">L</a>', focus="l") == ["link 'L' focused: True"]
    assert lines('<input type="checkbox" id="c" aria-label="C">', focus="c") == [
        "checkbox 'C' focused: True checked: False"
    ]


def test_disabled_state():
    assert lines("<button disabled>Pay</button>") == ["button 'Pay' disabled: True"]
    assert lines('<input aria-label="A" disabled>') == [
        "textbox 'A' disabled: True required: False"
    ]
    assert lines('<fieldset disabled><input type="checkbox" aria-label="C"></fieldset>') == [
        "checkbox 'C' checked: False disabled: True"
    ]
    assert lines('<div role="button" aria-disabled="true">X</div>') == ["button 'X' disabled: True"]


def test_value_state():
    assert lines('<input aria-label="A" value="blue   mug">') == [
        "textbox 'A' required: False value: 'blue mug'"
    ]
    assert lines('<textarea aria-label="C">line 1\nline 2</textarea>') == [
        "textbox 'C' required: False value: 'line 1 line 2'"
    ]
    assert lines('<input type="number" aria-label="N" value="3">') == [
        "spinbutton 'N' required: False value: '3'"
    ]
    assert lines('<input type="password" aria-label="P" value="abc">') == [
        "textbox 'P' required: False value: '\u2022\u2022\u2022'"
    ]
    assert lines('<input aria-label="A" value="">') == ["textbox 'A' required: False"]


def test_combobox_expanded_false():
    assert lines("<select aria-label='S'><option>x</option></select>")[0] == (
        "combobox 'S' expanded: False"
    )


def test_aria_expanded_on_button():
    assert lines('<button aria-expanded="true">Menu</button>') == ["button 'Menu' expanded: True"]


# -- hidden content -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "hidden",
    [
        "<script>var x = 'secret';</script>",
        "<style>.secret {}</style>",
        "<template><p>secret</p></template>",
        "<noscript>secret</noscript>",
        "<div hidden>secret</div>",
        '<div aria-hidden="true">secret</div>',
        '<div style="display: none">secret</div>',
        '<div style="color:red;visibility:hidden">secret</div>',
        '<input type="hidden" value="secret">',
        "<dialog>secret</dialog>",
        "<details><summary>S</summary>secret</details>",
    ],
)
def test_hidden_content_is_not_shown_but_numbered(hidden):
    doc = page(f"{hidden}<a href='/'>after</a>")
    tree = build_axtree(doc)
    assert "secret" not in tree.text()
    assert "link 'after'" in tree.text()
    assert len(tree.elements) == sum(1 for e in doc.iter() if isinstance(e.tag, str))
    assert assign_ids(doc).keys() == tree.elements.keys()


def test_head_is_hidden_but_numbered():
    doc = page("<a href='/'>x</a>", head="<meta charset='utf-8'><style>a{}</style>")
    tree = build_axtree(doc)
    assert tree.elements[1].tag == "head"
    assert tree.elements[2].tag == "title"
    assert tree.text_owners[3].tag == "title"  # the title's text node
    assert "style" not in tree.text()


def test_tail_text_of_hidden_element_is_shown():
    assert lines("<p><span hidden>no</span>yes</p>") == ["StaticText 'yes'"]


# -- pruning and repeated text ------------------------------------------------------------


def test_unnamed_layout_nodes_are_pruned_and_children_promoted():
    html = (
        "<div><span><p>Hello</p></span><form><label>Name <input></label></form>"
        '<section><a href="/">x</a></section></div>'
    )
    assert lines(html) == [
        "StaticText 'Hello'",
        "StaticText 'Name'",
        "textbox 'Name' required: False",
        "link 'x'",
    ]


def test_named_layout_nodes_are_kept():
    assert lines('<div aria-label="Cart"><a href="/">x</a></div>')[0] == "generic 'Cart'"
    assert lines('<p title="Note">Text</p>') == ["paragraph 'Note'", "StaticText 'Text'"]


def test_repeated_static_text_is_dropped():
    assert lines('<a href="/">Home</a>') == ["link 'Home'"]
    assert lines('<a href="/"><span>Home</span></a>') == ["link 'Home'"]
    assert lines('<a href="/">My <b>Orders</b></a>') == ["link 'My Orders'"]
    assert lines("<button>Search</button>") == ["button 'Search'"]


def test_static_text_is_kept_when_not_the_parent_name():
    assert lines('<a href="/" aria-label="Close">x</a>') == ["link 'Close'", "StaticText 'x'"]
    assert lines("<ul><li>Apples</li></ul>")[-1] == "StaticText 'Apples'"


def test_static_text_has_no_element_but_an_owner():
    tree = build("<p>Hello</p>")
    node = tree.find("StaticText", "Hello")[0]
    assert node.element is None
    assert tree.text_owners[node.node_id].tag == "p"


# -- ids ----------------------------------------------------------------------------------


def test_etree_parser_gives_the_same_tree():
    html = (
        "<!DOCTYPE html><html><head><title>T</title></head><body>"
        '<nav aria-label="N"><a href="/">Home</a><!-- c --></nav><label for="s">Sort</label>'
        '<select id="s"><option>A</option><option selected>B</option></select>'
        "<details><summary>More</summary><p>x</p></details><h2><a href='/x'>X</a> y</h2>"
        "</body></html>"
    )
    html_doc = lxml.html.document_fromstring(html)
    etree_doc = lxml.etree.fromstring(html, lxml.etree.HTMLParser())
    assert build_axtree(etree_doc).text() == build_axtree(html_doc).text()
    assert assign_ids(etree_doc).keys() == assign_ids(html_doc).keys()


def test_ids_are_stable_across_parses():
    html = "<nav><a href='/'>Home</a></nav><p>Hi <b>there</b></p><input aria-label='Q'>"
    assert build(html).text() == build(html).text()


def test_ids_are_pre_order_over_elements_and_text_nodes():
    doc = lxml.html.fromstring(
        "<html><head><title>T</title></head><body><p>a<b>b</b>c<!-- x -->d</p>"
        "<textarea>typed</textarea><i> </i>e</body></html>"
    )
    tree = build_axtree(doc)
    # html0 head1 title2 "T"3 body4 p5 "a"6 b7 "b"8 "c"9 "d"10 textarea11 i12 "e"13
    tags = {i: el.tag for i, el in tree.elements.items()}
    assert tags == {
        0: "html",
        1: "head",
        2: "title",
        4: "body",
        5: "p",
        7: "b",
        11: "textarea",
        12: "i",
    }
    assert sorted(tree.text_owners) == [3, 6, 8, 9, 10, 13]
    assert tree.text_owners[9].tag == "p"  # tail of <b> belongs to <p>
    assert tree.text_owners[13].tag == "body"
    assert [n.node_id for n in tree.root.iter() if n.role == "StaticText"] == [6, 8, 9, 10, 13]


def test_typing_into_an_empty_textarea_does_not_shift_ids():
    doc = page("<textarea aria-label='C'></textarea><a href='/'>after</a>")
    before = build_axtree(doc).find("link", "after")[0].node_id
    doc.find(".//textarea").text = "now typed"
    after_tree = build_axtree(doc)
    assert after_tree.find("link", "after")[0].node_id == before
    assert "value: 'now typed'" in after_tree.text()


def test_assign_ids_matches_build():
    doc = page("<div hidden><p>x</p></div><ul><li>a</li></ul><select><option>o</option></select>")
    assert assign_ids(doc) == build_axtree(doc).elements
    assert assign_ids(doc.getroottree()) == build_axtree(doc).elements
    body = doc.find("body")
    assert assign_ids(body) == assign_ids(doc)  # numbering always starts at the root


def test_elements_include_pruned_and_hidden_elements():
    doc = page("<div><span hidden>x</span></div>")
    tree = build_axtree(doc)
    assert [el.tag for el in tree.elements.values()] == [
        "html",
        "head",
        "title",
        "body",
        "div",
        "span",
    ]


def test_element_id_reverse_lookup():
    doc = page('<a id="x" href="/">x</a>')
    tree = build_axtree(doc)
    link = doc.get_element_by_id("x")
    node = tree.find("link", "x")[0]
    assert element_id(tree, link) == node.node_id
    assert element_id(tree.elements, link) == node.node_id
    assert tree.element_id(link) == node.node_id
    assert element_id(tree, lxml.html.fromstring("<p>other</p>")) is None


def test_nodes_match_the_text():
    body = (
        '<nav aria-label="N"><ul><li><a href="/">x</a> y</li></ul></nav>'
        '<input aria-label="Q" value="v" required><select><optgroup label="G"><option>o'
        "</option></optgroup></select><p>text</p>"
    )
    text = build(body).text()  # rendered before the nodes exist
    tree = build(body)
    rendered = ["\t" * depth + node.line() for node, depth in _walk(tree.root, 0)]
    assert "\n".join(rendered) == text == tree.text()


def _walk(node: AXNode, depth: int):
    yield node, depth
    for child in node.children:
        yield from _walk(child, depth + 1)


def test_nodes_by_id():
    tree = build('<a href="/">x</a>')
    node = tree.find("link", "x")[0]
    assert tree.nodes[node.node_id] is node
    assert tree.nodes[0] is tree.root


# -- text truncation and find -------------------------------------------------------------


def test_truncation_at_line_boundary():
    tree = build("".join(f"<a href='/{i}'>Link number {i}</a>" for i in range(50)))
    full = tree.text()
    assert tree.text(len(full)) == full
    assert tree.text(None) == full
    cut = tree.text(300)
    assert len(cut) <= 300
    kept, notice = cut.rsplit("\n", 1)
    assert full.startswith(kept + "\n")
    total = len(full.split("\n"))
    assert notice == f"... (truncated: {total - len(kept.split(chr(10)))} more lines)"


def test_truncation_to_almost_nothing():
    tree = build("<a href='/'>x</a>")
    assert tree.text(5).startswith("... (truncated: 2 more lines)")


def test_find_exact_and_substring():
    tree = build('<a href="/a">My Orders</a><a href="/b">Orders</a><button>Orders</button>')
    assert [n.name for n in tree.find("link", "Orders")] == ["Orders"]
    assert [n.name for n in tree.find("link", "orders", exact=False)] == ["My Orders", "Orders"]
    assert tree.find("button", "Orders")[0].role == "button"
    assert tree.find("link", "Missing") == []
    assert all(isinstance(n, AXNode) for n in tree.find("link", "", exact=False))


def test_find_returns_tree_order():
    tree = build('<ul><li><a href="/1">Item</a></li></ul><a href="/2">Item</a>')
    ids = [n.node_id for n in tree.find("link", "Item")]
    assert ids == sorted(ids) and len(ids) == 2


def test_no_reference_cycles():
    import gc

    doc = page('<a href="/">x</a><select><option>o</option></select>')
    build_axtree(doc).text()
    gc.collect()
    gc.disable()
    try:
        build_axtree(doc).text()
        assert gc.collect() == 0
    finally:
        gc.enable()


# -- the rules module -------------------------------------------------------------------


CONTEXTS = {
    "td": "<table><tr>{}</tr></table>",
    "tr": "<table>{}</table>",
    "tbody": "<table>{}</table>",
    "thead": "<table>{}</table>",
    "tfoot": "<table>{}</table>",
    "caption": "<table>{}</table>",
    "option": "<select>{}</select>",
    "optgroup": "<select>{}</select>",
    "legend": "<fieldset>{}</fieldset>",
    "summary": "<details open>{}</details>",
    "dt": "<dl>{}</dl>",
    "dd": "<dl>{}</dl>",
    "li": "<ul>{}</ul>",
}


@pytest.mark.parametrize(
    "tag", sorted({*rules.SIMPLE_ROLES, "div", "span", "b", "my-widget"} - {"body"})
)
def test_tag_role_is_the_role_the_builder_gives(tag):
    """rules.tag_role (what the Chromium backend applies) is the builder's role for the tag."""
    element = f'<{tag} aria-label="named" label="named" id="x">text</{tag}>'
    tree = build(CONTEXTS.get(tag, "{}").format(element))
    (node,) = [n for n in tree.root.iter() if n.element is not None and n.element.get("id") == "x"]
    assert node.role == rules.tag_role(tag)


def test_context_dependent_tags_have_no_tag_role():
    assert rules.tag_role("a") is None and rules.tag_role("input") is None
    assert [n.role for n in build('<a href="/">x</a><a name="y">z</a>').root.iter()][1:] == [
        "link",
        "StaticText",
    ]


def test_js_table_carries_the_rules_the_page_scripts_apply():
    table = rules.js_table()
    assert set(table["hiddenTags"]) == rules.HIDDEN_TAGS
    assert table["valueTextTag"] == rules.VALUE_TEXT_TAG == "textarea"
