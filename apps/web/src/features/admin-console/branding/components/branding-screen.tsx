import {
  AdminBrandingInputSchema,
  THEME_COLOR_NAMES,
  contrastWarnings,
  type AdminBranding,
  type ThemeColorName,
} from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/ui/status-message';
import { TextField } from '../../../../components/ui/text-field';
import { apiErrorText } from '../../../../lib/form-messages';
import { useT } from '../../../../lib/i18n';
import { saveBranding, useBranding } from '../api/branding';
import { adminFieldMessage } from '../../shared/lib/admin-messages';
import { fieldErrors, serverFieldErrors } from '../../shared/lib/contract-errors';
import { AdminFormActions } from '../../shared/components/admin-form';
import { FilePicker } from '../../shared/components/file-picker';
import { TimeZoneField } from '../../shared/components/time-zone-field';
import styles from '../../shared/components/console.module.css';

const LOGO_MAX_BYTES = 256 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/** The site in miniature with the colours being edited: header, a card, a button, the footer. */
function Preview({
  colors,
  name,
  logo,
}: {
  colors: Record<string, string>;
  name: string;
  logo: string | null;
}) {
  const { t } = useT();
  const c = (n: ThemeColorName) => colors[n] ?? '#000000';
  return (
    <figure
      className={styles.preview}
      aria-label={t('admin:branding.preview')}
      style={{ background: c('background'), color: c('text') }}
    >
      <div
        className={styles.previewHeader}
        style={{ background: c('header_background'), color: c('header_text') }}
      >
        {/* As the site's header: the logo stands in for the name when there is one. */}
        {logo ? (
          <img src={logo} alt={name} className={styles.previewLogo} />
        ) : (
          <strong>{name}</strong>
        )}
      </div>
      <div className={styles.previewBody}>
        <div className={styles.previewCard} style={{ background: c('surface') }}>
          <span className={styles.previewLive} style={{ background: c('live'), color: '#FFFFFF' }}>
            LIVE
          </span>
          <strong>{t('admin:branding.sampleGame')}</strong>
          <span style={{ color: c('text_muted') }}>{t('admin:branding.sampleWhen')}</span>
        </div>
        <span
          className={styles.previewButton}
          style={{ background: c('primary'), color: c('primary_text') }}
        >
          {t('admin:branding.sampleButton')}
        </span>
        <span style={{ color: c('accent') }}>{t('admin:branding.sampleAccent')}</span>
      </div>
      <div
        className={styles.previewFooter}
        style={{ background: c('footer_background'), color: c('footer_text') }}
      >
        © {name}
      </div>
    </figure>
  );
}

function BrandingForm({ start }: { start: AdminBranding }) {
  const { t } = useT();
  const client = useQueryClient();
  const [name, setName] = useState(start.channel_name);
  const [logo, setLogo] = useState<string | null>(start.logo_url);
  const [timeZone, setTimeZone] = useState(start.time_zone);
  const [colors, setColors] = useState(
    () =>
      Object.fromEntries(THEME_COLOR_NAMES.map((n) => [n, start.colors[n] ?? '#000000'])) as Record<
        ThemeColorName,
        string
      >,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: saveBranding,
    onSuccess: async () => {
      // The console's own copy of the site's data, and the admin's shell title.
      await client.invalidateQueries({ queryKey: ['channel'] });
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => setErrors(serverFieldErrors(error) ?? {}),
  });
  const warnings = contrastWarnings(colors);

  async function pickLogo(file: File | undefined) {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES || !/^image\/(png|jpeg|webp|svg\+xml)$/.test(file.type)) {
      setErrors((e) => ({ ...e, logo_url: t('admin:validation.logo') }));
      return;
    }
    setLogo(await readAsDataUrl(file));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'logo_url')));
  }

  function submit(e: SyntheticEvent) {
    e.preventDefault();
    const input = { channel_name: name, logo_url: logo, colors, time_zone: timeZone };
    const checked = AdminBrandingInputSchema.safeParse(input);
    if (!checked.success) return setErrors(fieldErrors(checked.error));
    setErrors({});
    save.mutate(input);
  }

  return (
    <form className={styles.branding} onSubmit={submit} noValidate>
      <div className={styles.form}>
        {save.isSuccess ? <FormAlert tone="success">{t('admin:branding.saved')}</FormAlert> : null}
        {save.isError && !serverFieldErrors(save.error) ? (
          <FormAlert tone="error">{apiErrorText(t, save.error)}</FormAlert>
        ) : null}
        <TextField
          label={t('admin:branding.name')}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          error={adminFieldMessage(t, errors.channel_name)}
        />
        <TimeZoneField
          label={t('admin:branding.timeZone')}
          hint={t('admin:branding.timeZoneHint')}
          value={timeZone}
          onChange={(e) => setTimeZone(e.target.value)}
          error={adminFieldMessage(t, errors.time_zone)}
        />
        <div className={styles.logoRow}>
          <FilePicker
            label={t('admin:branding.logo')}
            accept="image/png,image/jpeg,image/webp,image/svg+xml"
            onFile={(file) => void pickLogo(file ?? undefined)}
            preview={
              logo ? (
                <img src={logo} alt={t('admin:branding.currentLogo')} className={styles.logo} />
              ) : null
            }
          />
          {logo ? (
            <div className={styles.logoActions}>
              <p className={styles.hint}>{t('admin:branding.logoHint')}</p>
              <Button size="s" variant="secondary" onClick={() => setLogo(null)}>
                {t('admin:branding.removeLogo')}
              </Button>
            </div>
          ) : (
            <p className={styles.hint}>{t('admin:branding.noLogo')}</p>
          )}
          {errors.logo_url ? (
            <p className={styles.error}>{adminFieldMessage(t, errors.logo_url)}</p>
          ) : null}
        </div>
        <fieldset className={styles.colours}>
          <legend>{t('admin:branding.colours')}</legend>
          {THEME_COLOR_NAMES.map((n) => (
            <label key={n} className={styles.colour}>
              <input
                type="color"
                value={/^#[0-9a-f]{6}$/i.test(colors[n] ?? '') ? colors[n] : '#000000'}
                onChange={(e) => setColors((c) => ({ ...c, [n]: e.target.value.toUpperCase() }))}
                aria-label={t(`admin:branding.colour.${n}`)}
              />
              <span className={styles.colourName}>{t(`admin:branding.colour.${n}`)}</span>
              <input
                className={styles.hex}
                value={colors[n]}
                onChange={(e) => setColors((c) => ({ ...c, [n]: e.target.value }))}
                aria-label={`${t(`admin:branding.colour.${n}`)} (hex)`}
                aria-invalid={errors[`colors.${n}`] ? true : undefined}
                spellCheck={false}
              />
              {errors[`colors.${n}`] ? (
                <span className={styles.error}>{adminFieldMessage(t, errors[`colors.${n}`])}</span>
              ) : null}
            </label>
          ))}
        </fieldset>
        {warnings.length > 0 ? (
          <FormAlert tone="info" title={t('admin:branding.contrastTitle')}>
            <ul className={styles.warnings}>
              {warnings.map((w) => (
                <li key={`${w.foreground}-${w.background}`}>
                  {t('admin:branding.contrastPair', {
                    fg: t(`admin:branding.colour.${w.foreground}`),
                    bg: t(`admin:branding.colour.${w.background}`),
                    ratio: w.ratio.toFixed(2),
                  })}
                </li>
              ))}
            </ul>
          </FormAlert>
        ) : null}
        <AdminFormActions isPending={save.isPending} />
      </div>
      <Preview colors={colors} name={name} logo={logo} />
    </form>
  );
}

/** The channel's name, logo and colours, with a live preview and contrast warnings. */
export function BrandingScreen() {
  const { t } = useT();
  const branding = useBranding();
  if (branding.isError)
    return (
      <LoadError what={t('admin:branding.loadError')} onRetry={() => void branding.refetch()} />
    );
  if (!branding.data) return <Skeleton height={320} radius="var(--radius-m)" />;
  return (
    <section className={styles.screen} aria-labelledby="branding-title">
      <div className={styles.head}>
        <h1 id="branding-title">{t('admin:branding.title')}</h1>
      </div>
      <BrandingForm start={branding.data} />
    </section>
  );
}
