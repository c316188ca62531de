package dev.waymark.travel;

import static dev.waymark.travel.TravelSteps.target;
import static dev.waymark.travel.TravelSteps.workflow;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.workflow.Expect;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.Target;
import dev.waymark.workflow.WaitConfig;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class PlaywrightExportTest {

  /** The lines of the test.step block for step {@code id}. */
  private static String block(String text, String id) {
    int at = text.indexOf("await test.step('" + id + ":");
    assertThat(at).as("a test.step for " + id).isNotNegative();
    return text.substring(at, text.indexOf("\n  });\n", at));
  }

  @Test
  void everyStepTypeIsTranslatedOrMarkedNeverLeftOut() {
    Map<String, Step> all = TravelSteps.everyType();
    assertThat(all.keySet()).containsExactlyInAnyOrderElementsOf(StepTypes.ALL);
    PlaywrightExport.Result r = PlaywrightExport.export(workflow(List.copyOf(all.values())), "travel.yaml");
    String ts = r.text();

    Set<String> stopping = Set.of(StepTypes.USER_STEP, StepTypes.SWITCH_TAB, StepTypes.CLOSE_TAB, StepTypes.ADOPT_TAB);
    Set<String> marked = Set.of(StepTypes.CAPTURE_URL, StepTypes.CAPTURE_DOWNLOAD, StepTypes.CAPTURE_PAGE_FILE);
    assertThat(r.notes().stream().filter(n -> n.kind() == TravelNote.Kind.NOT_TRANSLATED).map(TravelNote::type)
        .collect(Collectors.toSet())).isEqualTo(union(stopping, marked));
    for (String type : stopping) assertThat(block(ts, type)).contains("// Not translated: ").contains("test.fixme(true, '" + type);
    for (String type : marked) {
      assertThat(block(ts, type)).contains("// Not translated: ")
          .contains("annotations.push({ type: 'waymark: not translated', description: '" + type);
    }
    assertThat(block(ts, "navigate")).contains("await page.goto('https://shop.example/login', { timeout: TIMEOUT });");
    assertThat(block(ts, "click")).contains(".click({ timeout: TIMEOUT });");
    assertThat(block(ts, "fill")).contains(".fill(process.env.EMAIL!, { timeout: TIMEOUT });");
    assertThat(block(ts, "select")).contains("await page.locator('#priority').first().selectOption('high', { timeout: TIMEOUT });");
    assertThat(block(ts, "press")).contains("await page.locator('#email').first().press('Enter', { timeout: TIMEOUT });");
    assertThat(block(ts, "scroll")).contains("await page.mouse.wheel(0, Math.round((page.viewportSize()?.height ?? 720) * 0.8));");
    assertThat(block(ts, "upload")).contains(".setInputFiles(process.env.INVOICE!, { timeout: TIMEOUT });");
    assertThat(block(ts, "wait")).contains("await page.getByText('Welcome').first().waitFor({ timeout: TIMEOUT });");
    assertThat(block(ts, "extract")).contains("const data = (await page.locator('#balance').first().innerText({ timeout: TIMEOUT })).trim();")
        .contains("stored['balance'] = data;");
    assertThat(block(ts, "extractList")).contains("await readList(page.locator('tr.order'), { number: { css: 'td.number' } }, 20, TIMEOUT)")
        .contains("// Partly translated: ");
    assertThat(block(ts, "eval")).contains("await callPageFunction(page, 'app.refresh', [process.env.EMAIL!, 3]);");
    assertThat(block(ts, "setViewport")).contains("await page.setViewportSize({ width: 1024, height: 700 });");
    assertThat(ts).contains("async function readList(").contains("async function callPageFunction(")
        .doesNotContain("async function within(").doesNotContain("async function holds(");
    assertThat(r.notes()).filteredOn(n -> n.kind() == TravelNote.Kind.PARTLY).extracting(TravelNote::type).containsExactly("extractList");
    assertThat(r.notes().get(1).toString()).isEqualTo("step 11 \"captureUrl\" (captureUrl): not translated: Waymark fetches "
        + "https://shop.example/invoice.pdf in the page's session and hands the file to you; fetch it with page.request if the test needs it");
  }

  @Test
  void tokensReadTheEnvironmentVariableOfTheirNameInCapitalsAndStoredSlotsWhatAnEarlierStepRead() {
    Step pw = Step.builder(StepTypes.FILL).id("pw").selector(Selector.css("#pw")).value("{{ secret_todo }}").build();
    Step read = Step.builder(StepTypes.EXTRACT).id("read").selector(Selector.css("#code")).store("code").build();
    Step use = Step.builder(StepTypes.FILL).id("use").selector(Selector.css("#again")).value("code {{ code }} for {{ email }}!").build();
    Step nav = Step.builder(StepTypes.NAVIGATE).id("nav").url("/orders?user={{ email }}").build();
    PlaywrightExport.Result r = PlaywrightExport.export(workflow(List.of(pw, read, use, nav)), "t.yaml");

    assertThat(block(r.text(), "pw")).contains(".fill(process.env.SECRET_TODO!, { timeout: TIMEOUT });");
    assertThat(block(r.text(), "use")).contains(".fill('code ' + stored['code'] + ' for ' + process.env.EMAIL! + '!', ");
    // A relative address is read against the page the tab is on, as replay does.
    assertThat(block(r.text(), "nav")).contains("await page.goto(new URL('/orders?user=' + process.env.EMAIL!, page.url()).href, ");
    assertThat(r.environment()).containsExactly(Map.entry("SECRET_TODO", "the password"), Map.entry("EMAIL", "the account email"));
    assertThat(r.text()).contains("const unset = [['SECRET_TODO', 'the password'], ['EMAIL', 'the account email']]"
        + ".filter(([name]) => process.env[name] === undefined);")
        .contains("const stored: Record<string, string> = {};");
    assertThat(r.text().indexOf("const unset")).isLessThan(r.text().indexOf("await test.step("));
    assertThat(PlaywrightParts.envName("a.b-c")).isEqualTo("A_B_C");
  }

  @Test
  void roleAndNameComeFirstWithTheSelectorBesideUnlessTheNameNeedsItsItemOrAPosition() {
    Step named = Step.builder(StepTypes.CLICK).id("named").selector(Selector.css("#save")).target(target("button", "Save")).build();
    Step inItem = Step.builder(StepTypes.CLICK).id("in-item").selector(Selector.css("li[data-id=\"7\"] button"))
        .target(new Target("button", "Delete", null, null, null, "Buy milk", null)).build();
    Step third = Step.builder(StepTypes.CLICK).id("third").selector(new Selector("li button", null, null, null, 2, false))
        .target(target("button", "Delete")).build();
    Step every = Step.builder(StepTypes.CLICK).id("every").selector(new Selector("input.toggle", null, null, null, null, true)).build();
    Step shadow = Step.builder(StepTypes.CLICK).id("shadow").selector(new Selector("button.go", null, null, List.of("my-app", "iframe#pay"), null, false)).build();
    Step byPath = Step.builder(StepTypes.CLICK).id("by-path").selector(new Selector(null, "/html/body/div[2]/a", null, null, null, false)).build();
    String ts = PlaywrightExport.export(workflow(List.of(named, inItem, third, every, shadow, byPath)), "t.yaml").text();

    assertThat(block(ts, "named")).contains("await page.getByRole('button' as any, { name: 'Save', exact: true })"
        + ".or(page.locator('#save').first()).click(");
    assertThat(block(ts, "in-item")).contains("await page.locator('" + PlaywrightParts.ITEMS + "').filter({ hasText: 'Buy milk' })"
        + ".getByRole('button' as any, { name: 'Delete', exact: true }).or(page.locator('li[data-id=\"7\"] button').first()).click(");
    assertThat(block(ts, "third")).contains("await page.locator('li button').nth(2).click(").doesNotContain("getByRole");
    assertThat(block(ts, "every")).contains("for (const each of await page.locator('input.toggle').all()) await each.click(");
    assertThat(block(ts, "shadow")).contains("await (await within(page, ['my-app', 'iframe#pay'])).locator('button.go').first().click(");
    assertThat(block(ts, "by-path")).contains("page.locator('xpath=/html/body/div[2]/a').first().click(");
    assertThat(ts).contains("async function within(page: Page, enter: string[])");
  }

  /**
   * The family of controls the browser leaves unnamed (decision 0056): TodoMVC's row checkbox is found by its row's
   * words, a clickable <div> by the words it shows; a field's text (an unrendered label's words) is not searched for.
   */
  @Test
  void aControlWithoutANameIsFoundByItsItemOrByTheWordsItShows() {
    Step tick = Step.builder(StepTypes.CLICK).id("tick").selector(Selector.css("ul > li:nth-child(2) input.toggle"))
        .target(new Target("checkbox", null, "input", "checkbox", null, "Walk the dog", null)).build();
    Step cut = Step.builder(StepTypes.CLICK).id("cut").selector(Selector.css("li.x input"))
        .target(new Target("checkbox", null, "input", "checkbox", null, "A very long todo that the observer cut \u2026", null)).build();
    Step tile = Step.builder(StepTypes.CLICK).id("tile").selector(Selector.css("div.settings"))
        .target(new Target("generic", null, "div", null, null, null, null, "Open settings")).build();
    Step field = Step.builder(StepTypes.CLICK).id("field").selector(Selector.css("#toggle-all"))
        .target(new Target("checkbox", null, "input", "checkbox", null, null, null, "Mark all as complete")).build();
    Step edit = Step.builder(StepTypes.CLICK).id("edit").selector(Selector.css("tr.r3 .edit"))
        .target(new Target("generic", null, "span", null, null, "Invoice 12", null, "Edit")).build();
    String ts = PlaywrightExport.export(workflow(List.of(tick, cut, tile, field, edit)), "t.yaml").text();

    String items = "page.locator('" + PlaywrightParts.ITEMS + "')";
    assertThat(block(ts, "tick")).contains("await " + items + ".filter({ hasText: 'Walk the dog' }).getByRole('checkbox' as any)"
        + ".or(page.locator('ul > li:nth-child(2) input.toggle').first()).click(");
    assertThat(block(ts, "cut")).contains(".filter({ hasText: 'A very long todo that the observer cut' }).getByRole('checkbox' as any)");
    assertThat(block(ts, "tile")).contains("await page.getByText('Open settings', { exact: true }).or(page.locator('div.settings').first()).click(");
    assertThat(block(ts, "field")).contains("await page.locator('#toggle-all').first().click(").doesNotContain("getByText");
    assertThat(block(ts, "edit")).contains(".filter({ hasText: 'Invoice 12' }).getByText('Edit', { exact: true }).or(");
  }

  @Test
  void conditionsWaitsExpectsDialogsAndOptionalStepsAreTranslated() {
    Step cond = Step.builder(StepTypes.CLICK).id("cond").selector(Selector.css("#ok"))
        .condition(new dev.waymark.workflow.Condition("#banner", "cookies", null, "any", true)).build();
    Step add = Step.builder(StepTypes.PRESS).id("add").selector(Selector.css("#new")).value("Control+shift+a").timeoutMs(4000)
        .waitFor(new WaitConfig("#spinner", null, "/list", true, 250, 0))
        .expect(new Expect("#/active", "Todos", new Expect.Element("checkbox", "Buy milk"), new Expect.Element("button", "Undo"),
            null, new Expect.Count("#list li", 1)).readyFirst()).build();
    Step typed = Step.builder(StepTypes.FILL).id("typed").selector(Selector.css("#q")).value("{{ email }}")
        .expect(new Expect(null, null, null, null, "{{ email }}", null)).build();
    Step dialog = Step.builder(StepTypes.CLICK).id("dialog").selector(Selector.css("#delete")).acceptDialog(true).build();
    Step maybe = Step.builder(StepTypes.CLICK).id("maybe").selector(Selector.css("#promo")).optional(true).build();
    Step keys = Step.builder(StepTypes.PRESS).id("keys").value("esc").build();
    PlaywrightExport.Result r = PlaywrightExport.export(workflow(List.of(cond, add, typed, dialog, maybe, keys)), "t.yaml");
    String ts = r.text();

    assertThat(block(ts, "cond")).contains("if (!(await holds(page, { selector: '#banner', text: 'cookies', match: 'any', negate: true }))) {")
        .contains("type: 'waymark: skipped'").contains("return;");
    assertThat(block(ts, "add")).containsSubsequence(
        "const before = await page.locator('#list li').count();",
        "await page.locator('#new').first().press('Control+Shift+a', { timeout: 4000 });",
        "await expect(page.locator('#spinner').filter({ visible: true })).toHaveCount(0, { timeout: 4000 });",
        "await page.waitForURL((u) => u.href.includes('/list'), { timeout: 4000 });",
        "await page.waitForTimeout(250);",
        "// expect.ready",
        "await expect(page).toHaveURL((u) => waymarkPath(u).endsWith('#/active'), { timeout: 4000 });",
        "await expect(page).toHaveTitle('Todos', { timeout: 4000 });",
        "await expect(page.getByRole('checkbox' as any, { name: 'Buy milk' }).or(page.getByRole('checkbox' as any)"
            + ".filter({ hasText: 'Buy milk' })).filter({ visible: true }).first()).toBeVisible(",
        "await expect(page.getByRole('button' as any, { name: 'Undo', exact: true }).or(page.getByRole('button' as any)"
            + ".filter({ hasText: /^\\s*Undo\\s*$/ })).filter({ visible: true })).toHaveCount(0, ",
        "await expect(page.locator('#list li')).toHaveCount(before + (1), { timeout: 4000 });");
    assertThat(block(ts, "typed")).contains("await expect(page.locator('#q').first()).toHaveValue(process.env.EMAIL!, { timeout: TIMEOUT });");
    assertThat(block(ts, "dialog")).containsSubsequence("page.once('dialog', accept);", ".click(", "page.off('dialog', accept);");
    assertThat(block(ts, "maybe")).containsSubsequence("try {", "  await page.locator('#promo').first().click(", "} catch (e) {",
        "type: 'waymark: optional step failed'");
    assertThat(block(ts, "keys")).contains("await page.keyboard.press('Escape');");
    assertThat(ts).contains("function waymarkPath(u: URL)").contains("async function holds(page: Page");
    assertThat(r.notes()).isEmpty();
  }

  @Test
  void labelsAndTextCannotBreakOutOfTheirStringsOrComments() {
    String hostile = "it's\n}); process.exit(1); //\u2028*/";
    Step s = Step.builder(StepTypes.CLICK).id("x").label(hostile).selector(Selector.css("a[title='" + hostile + "']")).build();
    Step u = Step.builder(StepTypes.USER_STEP).id("u").prompt("line one\nline two").build();
    String ts = PlaywrightExport.export(new dev.waymark.workflow.Workflow("w", hostile, null, null, List.of(s, u)), "a\nb.yaml").text();

    assertThat(ts).doesNotContain("\n}); process.exit(1)").doesNotContain("\u2028").doesNotContain("line one\nline two");
    assertThat(ts).contains("await test.step('x: it\\'s\\n}); process.exit(1); //\\u2028*/', async () => {");
    assertThat(ts).startsWith("// it's }); process.exit(1); // */: a Playwright test");
    assertThat(ts.lines().filter(l -> l.startsWith("// ")).allMatch(l -> !l.contains("\n"))).isTrue();
  }

  @Test
  void anExactNameIsMatchedAsTextLiterallyWhateverItHolds() {
    assertThat(PlaywrightParts.regex("a.b (c)/[d]*")).isEqualTo("a\\.b \\(c\\)\\/\\[d\\]\\*");
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> u = new java.util.HashSet<>(a);
    u.addAll(b);
    return u;
  }
}
