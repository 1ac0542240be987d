// What the visitor sees of each flow, read from the page's DOM in the oracles' terms. Each function is
// self-contained (no imports, no outer names) so that Chromium can run it in the page as jsdom runs it here.

/** The cart: header count, panel, dialog, overlay, and the add_to_cart events in the dataLayer. */
export function cartScreen() {
  const text = (e: Element | null | undefined) => (e?.textContent ?? '').trim();
  const panel = document.querySelector('section.cart-panel');
  const dialog = document.querySelector('[role="dialog"]');
  const add = [...document.querySelectorAll('main button')].find((b) => text(b) === '加入購物車') as
    | HTMLButtonElement
    | undefined;
  const active = document.activeElement;
  const layer = ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []) as Array<{
    event?: string;
    ecommerce?: { items: Array<{ item_name: string }> };
  }>;
  return {
    count: Number(text(document.querySelector('.cart-button .cart-count'))),
    titles: [...(panel?.querySelectorAll('.cart-item-title') ?? [])].map(text),
    limit: Number(/\/(\d+)）/.exec(text(panel?.querySelector('h2')))?.[1]),
    loadFailed:
      text(panel).includes('購物車暫時無法載入') &&
      [...(panel?.querySelectorAll('button') ?? [])].some((b) => text(b) === '重新載入'),
    // 加入購物車 (a product page's), every 移除 and the shopcart STEP1's amount choosers are unavailable
    // together while a cart call is in flight; they stay focusable (aria-disabled), so a keyboard visitor
    // keeps their place. A screen with none of them offers nothing to do with the cart: busy.
    busy: (() => {
      const removes = [...(panel?.querySelectorAll('.cart-items button') ?? [])];
      const step1 = [...document.querySelectorAll('.cart-items-table button, .cart-items-table select')];
      const off = (e: Element) => e.getAttribute('aria-disabled') === 'true';
      const disabled = [...(add ? [add] : []), ...removes, ...step1].map(off);
      return disabled.every(Boolean) ? true : disabled.some(Boolean) ? 'some buttons only' : false;
    })(),
    overlay: text(document.querySelector('.loading-overlay[role="status"]')).includes('處理中'),
    dialog: dialog && {
      title: text(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')),
      text: text(dialog),
      focus: active?.getAttribute('aria-label') ?? text(active),
    },
    added: layer.filter((e) => e.event === 'add_to_cart').map((e) => e.ecommerce?.items[0]?.item_name),
  };
}

/** The session: its dialog, and whether a flow in progress is still kept in the tab. */
export function sessionScreen() {
  const text = (e: Element | null | undefined) => (e?.textContent ?? '').trim();
  const dialog = document.querySelector('[role="dialog"]');
  const active = document.activeElement;
  return {
    dialog: dialog && {
      title: text(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')),
      text: text(dialog),
      focus: active?.getAttribute('aria-label') ?? text(active),
    },
    flowKept: sessionStorage.getItem('groupins.flow.shopcart') !== null,
  };
}

/** The cookie banner, and the privacy cookie as the page reads it. */
export function consentScreen() {
  const text = (e: Element | null | undefined) => (e?.textContent ?? '').trim();
  const banner = document.querySelector('section.consent-banner');
  const accept = [...(banner?.querySelectorAll('button') ?? [])].find((b) => text(b) === '同意') as
    | HTMLButtonElement
    | undefined;
  return {
    banner: banner !== null,
    refusedByBrowser: text(banner?.querySelector('[role="alert"]')).includes('您的瀏覽器未允許儲存 Cookie'),
    acceptEnabled: accept !== undefined && accept.getAttribute('aria-disabled') !== 'true',
    cookie: /(?:^|; )OI_Privacy_CHECK=([^;]*)/.exec(document.cookie)?.[1] ?? null,
  };
}

/**
 * The shopcart application: the step the indicator marks, 送出申請 waiting, the changed-cart notice, the
 * refusal's reason, the 受理編號, and whether the step's confirm button returns to STEP3 (修改).
 */
export function shopcartScreen() {
  const text = (e: Element | null | undefined) => (e?.textContent ?? '').trim();
  const steps = [...document.querySelectorAll('nav.steps li')];
  const buttons = [...document.querySelectorAll('main button')];
  const submit = buttons.find((b) => text(b) === '送出申請' || text(b) === '重新查詢');
  const alerts = [...document.querySelectorAll('main [role="alert"]')].map(text);
  const failure = alerts
    .map((t) => /^(?:申請未送出|無法確認申請是否送達)：(.*)$/s.exec(t)?.[1])
    .find((t) => t !== undefined);
  return {
    step: steps.findIndex((li) => li.querySelector('[aria-current="step"]')) + 1,
    busy: submit?.getAttribute('aria-disabled') === 'true',
    notice: text(document.querySelector('main .notice[role="status"]')).startsWith(
      '購物車內容在您確認後已變更',
    ),
    failure: failure ?? '',
    applicationNo: text(document.querySelector('main .application-no')),
    returnsToReview:
      text(document.querySelector('main form button[type="submit"]')) === '完成修改，回到確認申請內容',
    recheck: buttons.some((b) => text(b) === '重新查詢'),
    notReceived: alerts.some((t) => t.startsWith('您先前送出的申請未送達')),
  };
}

/**
 * The premium trial: the step the indicator marks, 試算中, STEP3's answer (the total row of the quote
 * table and the yearly premium a person the assumptions give, or 請洽專人報價, or why there is none) and
 * whether it says the quoted item is in the cart.
 */
export function tryoutScreen() {
  const text = (e: Element | null | undefined) => (e?.textContent ?? '').trim();
  // what formatMoneyExact writes, read back to whole NT$
  const money = (t: string | undefined) => {
    const m = /([\d,]+(?:\.\d+)?)(萬|元)/.exec(t ?? '');
    if (!m) return Number.NaN;
    const value = Number(m[1]!.replace(/,/g, ''));
    return m[2] === '萬' ? Math.round(value * 10_000) : value;
  };
  const main = document.querySelector('main');
  const steps = [...document.querySelectorAll('nav.steps li')];
  const result = main?.querySelector('.tryout-result');
  const failure = [...(result?.querySelectorAll('[role="alert"]') ?? [])]
    .map(text)
    .find((t) => t.startsWith('無法試算：'));
  const totals = [...(result?.querySelectorAll('table.quote-table tfoot td') ?? [])].map(text);
  const perYear = [...(result?.querySelectorAll('.quote-assumptions li') ?? [])]
    .map(text)
    .find((t) => t.includes('每人每年'));
  const negotiated = [...(result?.querySelectorAll('.notice') ?? [])].some((e) =>
    text(e).includes('請洽專人報價'),
  );
  return {
    step: steps.findIndex((li) => li.querySelector('[aria-current="step"]')) + 1,
    busy: text(result?.querySelector('[role="status"]')) === '試算中，請稍候…',
    result: failure
      ? { kind: 'failed', message: failure.slice('無法試算：'.length).replace(/再試一次$/, '') }
      : negotiated
        ? { kind: 'negotiated' }
        : totals.length > 0
          ? {
              kind: 'quoted',
              annualPerPerson: money(/每人每年 ([^ ×]+)/.exec(perYear ?? '')?.[1]),
              annual: money(totals[1]),
              monthly: money(totals[4]),
              monthlyPerPerson: money(totals[5]),
            }
          : null,
    added: [...(result?.querySelectorAll('.notice[role="status"]') ?? [])].some((e) =>
      text(e).startsWith('已將'),
    ),
  };
}

/**
 * The overprint: the step the indicator marks, a call under way (STEP1's 查詢申請 unavailable or the print
 * link being opened, STEP4's document being made), the refusal shown on STEP1 or STEP4, the 受理編號 on
 * screen, the chosen documents (STEP3 and STEP4) and how many copies STEP4 lists.
 */
export function overprintScreen() {
  const text = (e: Element | null | undefined) => (e?.textContent ?? '').trim();
  // the documents' names on the screens, read back to the oracle's terms
  const documentOf = (name: string) =>
    ({ 要保書: 'form', 被保險人名冊: 'roster', 申請摘要: 'summary' })[name.trim()] ??
    `an unknown document「${name}」`;
  const main = document.querySelector('main');
  const steps = [...document.querySelectorAll('nav.steps li')];
  const step = steps.findIndex((li) => li.querySelector('[aria-current="step"]')) + 1;
  const statuses = [...(main?.querySelectorAll('[role="status"]') ?? [])].map(text);
  const lookup = main?.querySelector('form.lookup-form');
  const submit = lookup?.querySelector('button[type="submit"]');
  // the server's refusal of the lookup or the link; the captcha's own reminder is not one
  const refusal = lookup?.querySelector('.form-error[role="alert"]:not(.field-message)');
  const failed = [...(main?.querySelectorAll('[role="alert"]') ?? [])]
    .map(text)
    .find((t) => t.startsWith('無法產生文件：'));
  const opened = /目前已開啟受理編號 (\S+) 的申請。/.exec(text(main?.querySelector('.notice')))?.[1];
  const shown = [...(main?.querySelectorAll('p') ?? [])]
    .map((p) => /^受理編號 (\S+)，/.exec(text(p))?.[1])
    .find(Boolean);
  const chosen = text(main?.querySelector('p.chosen-documents'));
  // STEP2's refusal (a code not sent, or not taken) and where the code went, while its form is shown
  const codeRefusal = main?.querySelector('.code-failure[role="alert"]');
  const codeSentTo = main?.querySelector('section.roster-code strong.code-sent-to');
  return {
    step,
    busy:
      submit?.getAttribute('aria-disabled') === 'true' ||
      statuses.includes('正在開啟列印連結…') ||
      statuses.includes('驗證碼寄送中，請稍候…') ||
      statuses.includes('驗證中，請稍候…') ||
      statuses.includes('文件產生中，請稍候…'),
    failure:
      step === 1 && refusal
        ? text(refusal)
        : step === 2 && codeRefusal
          ? text(codeRefusal)
          : step === 4 && failed
            ? failed.slice('無法產生文件：'.length)
            : null,
    codeSentTo: step === 2 && codeSentTo ? text(codeSentTo) : null,
    applicationNo: (step === 1 ? opened : shown) ?? null,
    documents:
      step === 3 && chosen.startsWith('列印文件：')
        ? chosen.slice('列印文件：'.length).split('、').map(documentOf)
        : step === 4
          ? [...(main?.querySelectorAll('ul.document-list li strong') ?? [])].map((e) => documentOf(text(e)))
          : null,
    copies: main?.querySelectorAll('ol.printed-copies li').length ?? 0,
  };
}

/**
 * The contact form: the form or the done view that replaces it, 送出留言 waiting, the refusal above the
 * button, and the done view's 案件編號, reply day (民國 written back to ISO) and the address answered.
 */
export function contactScreen() {
  const text = (e: Element | null | undefined) => (e?.textContent ?? '').trim();
  const main = document.querySelector('main');
  const form = main?.querySelector('form.contact-form');
  const receipt = main?.querySelector('section.contact-receipt');
  const refusal = [...(form?.querySelectorAll('.form-error[role="alert"]:not(.field-message)') ?? [])]
    .map(text)
    .find((t) => t.startsWith('留言未送出：'));
  const day = /將於 民國(\d+)年(\d+)月(\d+)日前/.exec(text(receipt?.querySelector('.contact-reply-by')));
  const pad = (n: string | undefined) => String(n).padStart(2, '0');
  return {
    phase: receipt && !form ? 'sent' : form && !receipt ? 'form' : 'neither or both',
    busy: form?.querySelector('button[type="submit"]')?.getAttribute('aria-disabled') === 'true',
    failure: refusal ? refusal.slice('留言未送出：'.length) : null,
    receipt: receipt
      ? {
          contactNo: text(receipt.querySelector('.application-no')),
          replyBy: day ? `${Number(day[1]) + 1911}-${pad(day[2])}-${pad(day[3])}` : 'no reply day',
          replyTo: text(
            [...receipt.querySelectorAll('dt')].find((dt) => text(dt) === '回覆信箱')?.nextElementSibling,
          ),
        }
      : null,
  };
}

/**
 * 案件明細 as an underwriter reads it: the status line, the moves offered (each button 「改為「X」」 read as
 * the move that leads to X, as docs/specification.md §4 names them), those marked （須填寫說明）, and
 * whether any move follows. Before the case has loaded the status is null.
 */
export function applicationScreen() {
  const text = (e: Element | null | undefined) => (e?.textContent ?? '').trim();
  const main = document.querySelector('main');
  const status = /目前狀態：(.+)$/.exec(text(main?.querySelector('.staff-case-status')))?.[1] ?? null;
  const movesHeading = [...(main?.querySelectorAll('h2') ?? [])].find((h) => text(h) === '可執行的處理');
  const section = movesHeading?.closest('section');
  // §4's moves by the status they lead to; back to 資料審核中 is 收到補件 from 待補件, 開始審核 otherwise
  const leadingTo: Record<string, string> = {
    資料審核中: status === '待補件' ? 'documents.receive' : 'review.start',
    待補件: 'documents.request',
    核保中: 'underwriting.start',
    已承保: 'application.accept',
    不予承保: 'application.decline',
    已結案: 'application.close',
  };
  const offered = [...(section?.querySelectorAll('button') ?? [])].map((button) => {
    const label = /^改為「(.+)」(（須填寫說明）)?$/.exec(text(button));
    return {
      move: (label && leadingTo[label[1]!]) ?? `a button that is no move: ${text(button)}`,
      needsNote: Boolean(label?.[2]),
    };
  });
  return {
    status,
    moves: offered.map((m) => m.move).sort(),
    needNote: offered
      .filter((m) => m.needsNote)
      .map((m) => m.move)
      .sort(),
    final: status !== null && !section,
  };
}

/**
 * One message of 聯絡訊息 as a service person reads it: the status from its line 「案件編號 X，狀態：Y，處理人員：Z」
 * and the moves it offers, in the oracle's order: its buttons 指派給我, 重新處理, 結案, and 回覆 while the
 * reply form (保存回覆) is there. Before the message has loaded the status is null.
 */
export function contactMessageScreen() {
  const text = (e: Element | null | undefined) => (e?.textContent ?? '').trim();
  const main = document.querySelector('main');
  const line = /^案件編號 \S+，狀態：(.+)，處理人員：(.+)$/.exec(
    text(main?.querySelector('.staff-case-status')),
  );
  const movesHeading = [...(main?.querySelectorAll('h2') ?? [])].find((h) => text(h) === '可執行的處理');
  const buttons = [...(movesHeading?.closest('section')?.querySelectorAll('button') ?? [])].map(text);
  const replyForm = [...(main?.querySelectorAll('button') ?? [])].some((b) => text(b) === '保存回覆');
  const order = ['指派給我', '回覆', '重新處理', '結案'];
  const offered = [...buttons, ...(replyForm ? ['回覆'] : [])];
  return {
    status: line?.[1] ?? null,
    moves: offered.sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    assignee: line?.[2] ?? null,
  };
}
