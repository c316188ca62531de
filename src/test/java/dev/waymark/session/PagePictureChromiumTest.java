package dev.waymark.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.ObserveOptions;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PagePicture;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.Policy;
import dev.waymark.risk.RiskCategory;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Provenance;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The page beside the tree: a picture of the task tab with each observed element's box, taken with the fields that
 * hold a variable's value and the password fields blurred in the browser, and the page left as it was afterwards.
 * The blur is checked in the pixels themselves: the field's text has far less edge in the picture than in a plain
 * screenshot of the same page.
 */
@RealBrowser
class PagePictureChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  private static final String TOKEN = "sk-live-0123456789abcdefXYZ";

  @Test
  void thePictureShowsWhereEachElementIsAndBlursTheValuesTheSessionTyped() throws Exception {
    browser.open(browser.pageUrl("studio/picture.html"));
    ApprovalPolicy allow = ApprovalPolicy.defaults();
    for (RiskCategory c : RiskCategory.values()) allow = allow.with(c, Policy.AUTO);
    try (AuthoringSession session = new AuthoringSession(new AuthoringSession.Config(
        new BridgeSessionBrowser(browser.client(), ObserveOptions.defaults()), new RuleRiskGate(), allow, null, Runnable::run, 15_000))) {
      session.start("picture", "fill the account", 10).get();
      session.declareVariable("api_token", "the account's API token").get();
      session.setValue("api_token", TOKEN).get();
      session.setValue("api_token", TOKEN).get();
      session.observe().get();
      String tokenRef = ref(session, "API token");
      session.submit("{\"step\": {\"type\": \"fill\", \"ref\": \"" + tokenRef + "\", \"value\": \"{{ api_token }}\"}}", Provenance.PERSON).get();
      session.submit("{\"step\": {\"type\": \"fill\", \"ref\": \"" + ref(session, "Password") + "\", \"value\": \"hunter2hunter2\"}}",
          Provenance.PERSON).get();
      session.observe().get();
      assertThat(browser.eval("document.getElementById('token').value").asText()).isEqualTo(TOKEN);

      byte[] plain = browser.client().screenshot(null).get(20, TimeUnit.SECONDS);
      PagePicture picture = session.picture().get(30, TimeUnit.SECONDS);

      BufferedImage image = ImageIO.read(new ByteArrayInputStream(picture.jpeg()));
      assertThat(image).isNotNull();
      assertThat(image.getWidth()).isEqualTo((int) Math.round(picture.width() * picture.devicePixelRatio()));
      assertThat(picture.blurred()).isEqualTo(2);
      PagePicture.Box field = picture.box(tokenRef);
      PagePicture.Box save = picture.box(ref(session, "Save"));
      assertThat(field).isNotNull();
      assertThat(save).isNotNull();
      assertThat(save.w()).isBetween(30.0, 200.0);
      assertThat(field.y()).isLessThan(save.y());
      // The token's field is blurred in the picture, not in a plain screenshot; the city's field is not blurred.
      BufferedImage before = ImageIO.read(new ByteArrayInputStream(plain));
      double sharp = edges(before, field, picture.devicePixelRatio());
      double soft = edges(image, field, picture.devicePixelRatio());
      assertThat(soft).as("edge energy blurred %s vs plain %s", soft, sharp).isLessThan(sharp * 0.5);
      // The page is as it was: no blur left behind, the city's own filter kept.
      assertThat(browser.eval("getComputedStyle(document.getElementById('token')).filter").asText()).isEqualTo("none");
      assertThat(browser.eval("getComputedStyle(document.getElementById('pw')).filter").asText()).isEqualTo("none");
      assertThat(browser.eval("document.getElementById('city').style.filter").asText()).isEqualTo("saturate(0.5)");
    }
  }

  private static String ref(AuthoringSession session, String name) {
    return session.latest().observation().nodes().stream().filter(n -> name.equals(n.name())).map(ObservedNode::ref)
        .findFirst().orElseThrow(() -> new AssertionError("no " + name + " in " + session.latest().observation().nodes()));
  }

  /** The sum of brightness steps between neighbouring pixels inside the box: text has many, a blur few. */
  private static double edges(BufferedImage img, PagePicture.Box b, double dpr) {
    int x0 = (int) (b.x() * dpr) + 4;
    int y0 = (int) (b.y() * dpr) + 4;
    int x1 = Math.min(img.getWidth() - 1, (int) ((b.x() + b.w()) * dpr) - 4);
    int y1 = Math.min(img.getHeight() - 1, (int) ((b.y() + b.h()) * dpr) - 4);
    double sum = 0;
    for (int y = y0; y < y1; y++) {
      for (int x = x0; x < x1; x++) sum += Math.abs(luma(img.getRGB(x, y)) - luma(img.getRGB(x + 1, y)));
    }
    return sum;
  }

  private static double luma(int rgb) {
    return 0.299 * ((rgb >> 16) & 0xff) + 0.587 * ((rgb >> 8) & 0xff) + 0.114 * (rgb & 0xff);
  }
}
