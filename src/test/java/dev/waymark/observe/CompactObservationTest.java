package dev.waymark.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CompactObservationTest {

  static ObservedNode node(String ref, String role, String name, String section, boolean offscreen, boolean obscured) {
    return new ObservedNode(ref, role, name, "button", null, null, null, false, null, null, null,
        "#" + ref + "-selector", null, null, null, section, null, offscreen, obscured, 0);
  }

  static PageObservation page(List<ObservedNode> nodes, String modal, boolean modalFrame, List<ObservedList> lists) {
    return new PageObservation("https://shop.test/list", "Shop", nodes, List.of(new ObservedHeading(1, "All mugs")),
        null, false, modal, modalFrame, 0, 0, lists);
  }

  @Test
  void sectionIsSaidOncePerRunOfControls() {
    String text = CompactObservation.render(page(List.of(
        node("e1", "link", "Mugs", "navigation \"Primary\"", false, false),
        node("e2", "link", "Cups", "navigation \"Primary\"", false, false),
        node("e3", "button", "Buy", "main", false, false)), null, false, List.of()));
    assertThat(text).containsOnlyOnce("## navigation \"Primary\"\n");
    assertThat(text).contains("e1 link \"Mugs\", e2 \"Cups\"\n## main\ne3 button \"Buy\"\n");
  }

  @Test
  void selectorsEnterChainsAndTagsStayOut() {
    ObservedNode deep = new ObservedNode("e1", "textbox", "Nick", "input", "text", null, null, false, null, null, null,
        "#nick", "/div[1]/input[1]", List.of(0), List.of("#card1"), null, null, false, false, 0);
    String text = CompactObservation.render(page(List.of(deep), null, false, List.of()));
    assertThat(text).doesNotContain("#nick").doesNotContain("#card1").doesNotContain("/div[1]").contains("e1 textbox \"Nick\"");
  }

  @Test
  void stateContextAndSimilarAppearOnTheirNode() {
    ObservedNode email = new ObservedNode("e4", "textbox", "Email", "input", "email", "a@b.c", "you@example.com", false,
        null, null, null, "#email", null, null, null, null, null, false, false, 0);
    ObservedNode box = new ObservedNode("e5", "checkbox", "Remember", "input", "checkbox", null, null, true, false, null,
        null, "#r", null, null, null, null, null, false, false, 0);
    ObservedNode select = new ObservedNode("e6", "combobox", "Country", "select", null, "fr", null, false, null, null,
        List.of("de", "fr"), "#c", null, null, null, null, null, false, false, 0);
    ObservedNode add = new ObservedNode("e7", "button", "Add to cart", "button", "submit", null, null, false, null, true,
        null, "#a", null, null, null, null, "Mug 1 $11.00", false, true, 19);
    String text = CompactObservation.render(page(List.of(email, box, select, add), null, false, List.of()));
    assertThat(text).contains("e4 textbox:email \"Email\" =\"a@b.c\" ph=\"you@example.com\"\n");
    assertThat(text).contains("e5 checkbox \"Remember\" disabled\n");
    assertThat(text).contains("e6 combobox \"Country\" =\"fr\" opts=de|fr\n");
    assertThat(text).contains("e7 button \"Add to cart\" expanded covered in \"Mug 1 $11.00\" +19 similar\n");
  }

  @Test
  void aLongOptionListIsSaidOnceAndALaterSelectWithTheSameOptionsNamesTheFirst() {
    List<String> sizes = List.of("Small", "Medium", "Large");
    ObservedNode first = new ObservedNode("e1", "combobox", "Size of mug 1", "select", null, "Small", null, false, null, null,
        sizes, "#s1", null, null, null, null, null, false, false, 0);
    ObservedNode second = new ObservedNode("e2", "combobox", "Size of mug 2", "select", null, "Large", null, false, null,
        null, sizes, "#s2", null, null, null, null, null, false, false, 0);
    ObservedNode other = new ObservedNode("e3", "combobox", "Colour", "select", null, "Red", null, false, null, null,
        List.of("Red", "Blue", "Green"), "#c", null, null, null, null, null, false, false, 0);
    PageObservation page = page(List.of(first, second, other), null, false, List.of());

    String text = CompactObservation.render(page);

    assertThat(text).contains("e1 combobox \"Size of mug 1\" =\"Small\" opts=Small|Medium|Large\n",
        "e2 combobox \"Size of mug 2\" =\"Large\" opts as e1\n", "e3 combobox \"Colour\" =\"Red\" opts=Red|Blue|Green\n");
    // a line said on its own (a page's changes) has no earlier line to point to
    assertThat(CompactObservation.nodeLine(second, page)).endsWith("opts=Small|Medium|Large");
  }

  @Test
  void aLinkToAnotherSiteSaysWhereItLeadsAndOneOnThePageSiteSaysNothing() {
    ObservedNode home = link("e1", "Mugs", "https://shop.test/mugs");
    ObservedNode cups = link("e2", "Cups", "https://shop.test/cups");
    ObservedNode blog = link("e3", "Our blog", "https://blog.example/posts?from=shop");
    ObservedNode mail = link("e4", "Write to us", "mailto:help@shop.test");
    String text = CompactObservation.render(page(List.of(home, cups, blog, mail), null, false, List.of()));
    assertThat(text).contains("e1 link \"Mugs\", e2 \"Cups\"\n");
    assertThat(text).contains("e3 link \"Our blog\" → blog.example\n");
    assertThat(text).contains("e4 link \"Write to us\" → mailto:\n");
    assertThat(text).doesNotContain("https://shop.test/mugs").doesNotContain("posts?from");
  }

  @Test
  void aLinkWithoutANameIsToldByItsPath() {
    ObservedNode icon = link("e1", null, "https://shop.test/account/settings.html?tab=2");
    ObservedNode named = link("e2", "Help", "https://shop.test/help");
    String text = CompactObservation.render(page(List.of(icon, named), null, false, List.of()));
    assertThat(text).contains("e1 link → /account/settings.html?tab=2\n").contains("e2 link \"Help\"\n");
  }

  static ObservedNode link(String ref, String name, String href) {
    return new ObservedNode(ref, "link", name, "a", null, null, null, false, null, null, null, "#" + ref, null, null,
        null, null, null, false, false, 0, href);
  }

  @Test
  void aControlTheBrowserLeavesUnnamedSaysTheTextItShowsApartFromAName() {
    ObservedNode opener = new ObservedNode("e1", "generic", null, "div", null, null, null, false, null, null, null,
        "div.opener", null, null, null, null, null, false, false, 0, null, false, "Open settings");
    ObservedNode save = node("e2", "button", "Save", null, false, false);
    ObservedNode next = new ObservedNode("e3", "generic", null, "span", null, null, null, false, null, null, null,
        "span.next", null, null, null, null, null, false, false, 0, null, false, "Next");
    String text = CompactObservation.render(page(List.of(opener, save, next), null, false, List.of()));
    assertThat(text).contains("e1 clickable text=\"Open settings\"\n").contains("e2 button \"Save\"\n")
        .contains("e3 clickable text=\"Next\"\n");
  }

  @Test
  void plainControlsOfOneRoleShareALineUpToALimit() {
    List<ObservedNode> links = new java.util.ArrayList<>();
    for (int i = 1; i <= 14; i++) links.add(node("e" + i, "link", "L" + i, "nav", false, false));
    String text = CompactObservation.render(page(links, null, false, List.of()));
    assertThat(text).contains("e1 link \"L1\", e2 \"L2\", e3 \"L3\"");
    assertThat(text).contains(", e12 \"L12\"\ne13 link \"L13\", e14 \"L14\"\n");
  }

  @Test
  void offscreenIsMarkedWhereThePageLeavesTheViewport() {
    String text = CompactObservation.render(page(List.of(
        node("e1", "button", "A", null, false, false),
        node("e2", "button", "B", null, true, false),
        node("e3", "button", "C", null, true, false)), null, false, List.of()));
    assertThat(text).containsOnlyOnce("-- offscreen below --").contains("e1 button \"A\"\n-- offscreen below --\ne2 button \"B\", e3 \"C\"\n");
  }

  @Test
  void modalGroupsTheReachableControlsAndSaysCoveredOnce() {
    String text = CompactObservation.render(page(List.of(
        node("e1", "link", "World", "main", false, true),
        node("e2", "button", "Accept all", "We value your privacy", false, false)), "We value your privacy", false, List.of()));
    assertThat(text).contains("modal: \"We value your privacy\": deal with it first; only the controls under it are reachable, "
        + "the rest is covered");
    assertThat(text).contains("## modal \"We value your privacy\"\ne2 button \"Accept all\"\n## covered by the modal\n## main\ne1 link \"World\"\n");
    assertThat(text).doesNotContain("\"World\" covered");
  }

  @Test
  void crossOriginWallSaysNoRefReachesIt() {
    String text = CompactObservation.render(page(List.of(node("e1", "button", "Share", null, false, true)),
        "Privacy manager", true, List.of()));
    assertThat(text).contains("modal: \"Privacy manager\" in a cross-origin frame");
  }

  @Test
  void listShowsFieldsSamplesAndPaginationNeverRows() {
    ObservedList list = new ObservedList("l1", "#results > li.result", 60, "Search results", List.of(
        new ObservedListField("title", "a.t", null, "Result number 1"),
        new ObservedListField("url", "a.t", "href", "https://shop.test/doc/1")),
        new ObservedPagination("numbered", "#next", "Next", "https://shop.test/list?p=2", 5));
    ObservedNode next = node("e9", "link", "Next", null, false, false);
    next = new ObservedNode("e9", "link", "Next", "a", null, null, null, false, null, null, null, "#next", null, null,
        null, null, null, false, false, 0);
    String text = CompactObservation.render(page(List.of(next), null, false, List.of(list)));
    assertThat(text).contains("l1 ×60 in Search results\n").doesNotContain("li.result");
    // fields without their selectors (extractList takes the list's ref); an address on the page's host from its path
    assertThat(text).contains("  title \"Result number 1\" · url@href \"/doc/1\"\n").doesNotContain("a.t");
    assertThat(text).contains("  next: numbered 5 pages \"Next\" e9 → ?p=2\n");
    assertThat(text).doesNotContain("Result number 2");
  }

  @Test
  void headerSaysWhatIsPartialAndWhatIsUnreachable() {
    PageObservation o = new PageObservation("https://a.test/", "A", List.of(), List.of(), "hello", true, null, false, 12, 2, List.of());
    String text = CompactObservation.render(o);
    assertThat(text).startsWith("page \"A\" https://a.test/ · 0 controls\n");
    assertThat(text).contains("partial: caps clipped the page; 12 controls left out");
    assertThat(text).contains("frames: 2 cross-origin");
    assertThat(text).endsWith("text:\nhello\n");
  }

  @Test
  void runsOfSameLevelHeadingsAreCounted() {
    List<ObservedHeading> hs = new java.util.ArrayList<>();
    hs.add(new ObservedHeading(1, "Shop"));
    for (int i = 1; i <= 10; i++) hs.add(new ObservedHeading(3, "Mug " + i));
    hs.add(new ObservedHeading(2, "Sign in"));
    PageObservation o = new PageObservation("u", "t", List.of(), hs, null, false, null, false, 0, 0, List.of());
    assertThat(CompactObservation.render(o)).contains("headings: # Shop · ### Mug 1 · ### Mug 2 · ### Mug 3 … (+7 h3) · ## Sign in\n");
  }

  @Test
  void longOutlinesAreCutAndCounted() {
    List<ObservedHeading> hs = new java.util.ArrayList<>();
    for (int i = 1; i <= 40; i++) hs.add(new ObservedHeading(i % 2 == 0 ? 2 : 3, "H" + i));
    PageObservation o = new PageObservation("u", "t", List.of(), hs, null, false, null, false, 0, 0, List.of());
    String text = CompactObservation.render(o);
    assertThat(text).contains("### H29 · ## H30 … (+10 more)\n").doesNotContain("H31");
  }

  @Test
  void tokensAreCountedByARealTokenizer() {
    // cl100k_base's own counts (OpenAI's tiktoken gives the same)
    assertThat(CompactObservation.estimateTokens("")).isZero();
    assertThat(CompactObservation.estimateTokens(null)).isZero();
    assertThat(CompactObservation.estimateTokens("hello")).isEqualTo(1);
    assertThat(CompactObservation.estimateTokens("the cat sat")).isEqualTo(3);
    assertThat(CompactObservation.estimateTokens("123456")).isEqualTo(2);
    assertThat(CompactObservation.estimateTokens("e12 button \"Save\"\n")).isEqualTo(6);
    // A page may write a model's special tokens; they are counted as the text they are, never refused.
    assertThat(CompactObservation.estimateTokens("<|endoftext|>")).isEqualTo(7);
  }

  @Test
  void headingsThatHeadASectionLineAreLeftOutOfTheOutline() {
    PageObservation o = new PageObservation("https://shop.test/", "Shop",
        List.of(node("e1", "button", "Buy", "Mugs", false, false)),
        List.of(new ObservedHeading(1, "Shop"), new ObservedHeading(2, "Mugs")), null, false, null, false, 0, 0, List.of());
    String text = CompactObservation.render(o);
    assertThat(text).contains("headings: # Shop\n## Mugs\ne1 button \"Buy\"\n").doesNotContain("## Mugs ·");
  }

  @Test
  void itemTextThatOnlyRepeatsTheSectionIsLeftOut() {
    ObservedNode a = new ObservedNode("e1", "button", "Collapse", "button", null, null, null, false, null, null, null,
        "#a", null, null, null, "pets Pets of the clinic", "pets Pets of the clinic", false, false, 0);
    ObservedNode b = new ObservedNode("e2", "button", "Copy", "button", null, null, null, false, null, null, null,
        "#b", null, null, null, "pets Pets of the clinic", "GET /pets", false, false, 0);
    String text = CompactObservation.render(page(List.of(a, b), null, false, List.of()));
    assertThat(text).contains("## pets Pets of the clinic\ne1 button \"Collapse\"\ne2 button \"Copy\" in \"GET /pets\"\n");
  }

  @Test
  void aNodeNamedOnlyByItsPositionSaysSoAndLeavesTheRunOfPlainOnes() {
    ObservedNode a = node("e1", "button", "Apply", null, false, false);
    ObservedNode b = new ObservedNode("e2", "button", "Apply", "button", null, null, null, false, null, null, null,
        "body > div > button:nth-of-type(2)", null, null, null, null, "Filters", false, false, 0, null, true);
    ObservedNode c = node("e3", "button", "Reset", null, false, false);
    String text = CompactObservation.render(page(List.of(a, b, c), null, false, List.of()));
    assertThat(text).contains("e1 button \"Apply\"\ne2 button \"Apply\" in \"Filters\" positional\ne3 button \"Reset\"\n");
  }

  @Test
  void positionalSurvivesTheJsonRoundTrip() throws Exception {
    ObservedNode n = dev.waymark.workflow.Json.read("{\"ref\":\"e1\",\"role\":\"checkbox\",\"selector\":\"li > input\",\"positional\":true}",
        ObservedNode.class);
    assertThat(n.positional()).isTrue();
    assertThat(dev.waymark.workflow.Json.read("{\"ref\":\"e1\"}", ObservedNode.class).positional()).isFalse();
  }

  @Test
  void absentObservationRendersEmpty() {
    assertThat(CompactObservation.render(null)).isEmpty();
  }
}
