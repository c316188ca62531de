package dev.waymark.apply;

import static dev.waymark.apply.Fixtures.input;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.observe.ObservedTab;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Provenance;
import java.util.List;
import org.junit.jupiter.api.Test;

/** StepWriter's rules for tab steps (ids from the observation's tabs) and for steps that need a capability. */
class TabStepsAndCapabilitiesTest {
  /** Tab 12 is current, 15 a tab the task opened, 17 one it adopted; 20 is the person's on the task's site. */
  private static PageObservation withTabs() {
    return Fixtures.loginPage().withTabs(List.of(
            new ObservedTab(12, "Sign in", "https://shop.example.com/login?x=1", false, false, true),
            new ObservedTab(15, "Receipt", "https://shop.example.com/receipt", true, false, false),
            new ObservedTab(17, "Cart", "https://shop.example.com/cart", false, true, false)),
        List.of(ObservedTab.open(20, "Wish list", "https://shop.example.com/wishes")), 4);
  }

  private static ApplyOutput decide(String step, Capabilities caps) {
    String decision = "{\"reasoning\":\"r\",\"done\":false,\"step\":" + step + "}";
    return ApplyTurn.apply(input(decision).observation(withTabs()).capabilities(caps).build(), RecordingPort.succeeding(null));
  }

  private static ApplyOutput decide(String step) {
    return decide(step, null);
  }

  private static String tab(String type, String id) {
    return "{\"type\":\"" + type + "\",\"value\":\"" + id + "\"}";
  }

  @Test
  void aTabIdTheObservationDoesNotListIsRefusedListingTheIdsThere() {
    ApplyOutput out = decide(tab("switchTab", "99"));

    assertThat(out.ok()).isFalse();
    assertThat(out.error()).isEqualTo("tab 99 is not in the current observation's tabs; the observation lists task tabs "
        + "12 (current), 15 (opened by task), 17 (adopted) and open tabs 20");
  }

  @Test
  void aTabValueThatIsNoNumberIsRefused() {
    assertThat(decide(tab("switchTab", "the receipt")).error())
        .startsWith("a switchTab step needs \"value\": a tab id, a number from the observation's tabs, not \"the receipt\"");
  }

  @Test
  void anObservationWithoutTabsRefusesEveryTabStep() {
    String decision = "{\"reasoning\":\"r\",\"done\":false,\"step\":" + tab("closeTab", "15") + "}";
    ApplyOutput out = ApplyTurn.apply(input(decision).build(), RecordingPort.succeeding(null));

    assertThat(out.error()).isEqualTo("tab 15 is not in the current observation's tabs; the observation lists no tabs");
  }

  @Test
  void switchTabTakesATaskTabAndSendsAnOpenTabToAdoptTab() {
    RecordingPort port = RecordingPort.succeeding("https://shop.example.com/receipt");
    ApplyOutput ok = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"done\":false,\"step\":" + tab("switchTab", "15") + "}")
        .observation(withTabs()).build(), port);

    assertThat(ok.ok()).as(ok.error()).isTrue();
    assertThat(port.calls).singleElement().satisfies(c -> assertThat(c.step().value()).isEqualTo("15"));
    assertThat(decide(tab("switchTab", "20")).error())
        .isEqualTo("tab 20 is not one of the task's tabs; to work in a tab the person has open, use adoptTab with its id");
  }

  @Test
  void closeTabOnlyClosesATabTheTaskOpenedThatIsNotCurrent() {
    assertThat(decide(tab("closeTab", "15")).ok()).isTrue();
    assertThat(decide(tab("closeTab", "12")).error())
        .isEqualTo("tab 12 is the current tab; switchTab to another task tab before closing it");
    assertThat(decide(tab("closeTab", "17")).error()).isEqualTo("tab 17 was adopted: it stays the person's and is never closed");
    assertThat(decide(tab("closeTab", "20")).error()).isEqualTo("tab 20 is the person's, not the task's, so it is never closed");
  }

  @Test
  void adoptTabTakesOnlyAnOpenTab() {
    assertThat(decide(tab("adoptTab", "20")).ok()).isTrue();
    assertThat(decide(tab("adoptTab", "15")).error()).isEqualTo("tab 15 is already one of the task's tabs; use switchTab to go to it");
  }

  @Test
  void everyCapabilityIsAllowedUnlessTheSessionNarrowsThem() {
    assertThat(input("{}").build().capabilities()).isEqualTo(Capabilities.ALL);
    assertThat(decide("{\"type\":\"setViewport\",\"value\":\"390x844\"}").ok()).isTrue();
    assertThat(decide("{\"type\":\"click\",\"ref\":\"e3\",\"allow_download\":true}").ok()).isTrue();
  }

  @Test
  void aStepNeedingAMissingCapabilityIsRefusedWithWhatToDoInstead() {
    ApplyOutput upload = decide("{\"type\":\"upload\",\"ref\":\"e1\",\"value\":\"{{ email }}\"}", Capabilities.NONE);
    ApplyOutput viewport = decide("{\"type\":\"setViewport\",\"value\":\"390x844\"}", Capabilities.NONE);
    ApplyOutput allowDownload = decide("{\"type\":\"click\",\"ref\":\"e3\",\"allow_download\":true}", Capabilities.NONE);
    ApplyOutput capture = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"done\":false,\"step\":{\"type\":\"captureDownload\","
        + "\"ref\":\"e3\"}}").writable(dev.waymark.workflow.StepTypes.ALL).capabilities(Capabilities.NONE).build(),
        RecordingPort.succeeding(null));
    ApplyOutput plainClick = decide("{\"type\":\"click\",\"ref\":\"e3\"}", Capabilities.NONE);

    assertThat(upload.error()).isEqualTo("this session does not allow file_upload; ask the person to upload the file in a "
        + "userStep, or report blocked");
    assertThat(viewport.error()).isEqualTo("this session does not allow viewport_control; work with the viewport as it is, "
        + "or report blocked");
    assertThat(allowDownload.error()).isEqualTo("this session does not allow download; ask the person to download the file "
        + "in a userStep, or report blocked");
    assertThat(capture.error()).isEqualTo(allowDownload.error());
    assertThat(plainClick.ok()).isTrue();
    assertThat(upload.lastTurn().type()).isEqualTo("upload");
    assertThat(upload.failures()).isEqualTo(1);
  }

  @Test
  void thePersonIsHeldToTheSessionsCapabilitiesToo() {
    String decision = "{\"reasoning\":\"r\",\"done\":false,\"step\":{\"type\":\"setViewport\",\"value\":\"390x844\"}}";
    ApplyOutput out = ApplyTurn.apply(input(decision).decidedBy(Provenance.PERSON)
        .capabilities(new Capabilities(true, true, false)).build(), RecordingPort.succeeding(null));

    assertThat(out.error()).startsWith("this session does not allow viewport_control");
  }

  @Test
  void capabilitiesParseFromAListAndRefuseUnknownNames() {
    assertThat(Capabilities.parse("file_upload, download")).isEqualTo(new Capabilities(true, true, false));
    assertThat(Capabilities.parse("viewport-control").names()).containsExactly("viewport_control");
    assertThat(Capabilities.parse("none")).isEqualTo(Capabilities.NONE);
    assertThat(Capabilities.NONE.toString()).isEqualTo("none");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Capabilities.parse("download,geolocation"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("\"geolocation\" is not a capability; use a comma-separated list of download, file_upload, "
            + "viewport_control, or none");
  }
}
