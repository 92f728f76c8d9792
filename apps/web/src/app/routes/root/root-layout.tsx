import { useEffect } from 'react';
import { useT } from '../../../lib/i18n';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { AccountLink } from '../../../features/auth/components/account-link';
import { useProfile } from '../../../features/auth/api/get-profile';
import { useBootstrap } from '../../../features/channel/api/get-bootstrap';
import { SiteFooter } from '../../../features/channel/components/site-footer';
import { SiteHeader } from '../../../features/channel/components/site-header';
import {
  findPageByKind,
  footerNavItems,
  headerNavItems,
} from '../../../features/channel/hooks/channel-navigation';
import { findStaticBlock } from '../../../features/channel/hooks/static-blocks';
import { CookieNotice } from '../../../features/cookie-notice/components/cookie-notice';
import { applyTheme } from '../../../lib/theme';
import { useNavigationMemory } from '../../use-navigation-memory';
import { ChannelDataNotice } from './channel-data-notice';
import styles from './root-layout.module.css';

export function Component() {
  const { t } = useT();
  const bootstrap = useBootstrap();
  const { data: user } = useProfile();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  useNavigationMemory();

  const data = bootstrap.data;
  const colors = data?.['color-settings'];
  useEffect(() => {
    if (colors) applyTheme(colors);
  }, [colors]);

  const channelItems = data ? headerNavItems(data.menu) : [];
  // Without a channel header menu the listings are still reachable.
  const headerItems = channelItems.length
    ? channelItems
    : (['live', 'upcoming', 'vod', 'schedule'] as const).map((key) => ({
        key,
        title: t(`layout:nav.${key}`),
        url: `/${key}`,
        isExternal: false,
      }));
  const privacyPage = data ? findPageByKind(data.pages, 'privacy_policy') : undefined;

  if (user?.temporary_password && pathname !== '/profile/edit') {
    return <Navigate to="/profile/edit" replace />;
  }

  return (
    <>
      <a href="#main" className={styles.skip}>
        {t('layout:skipToContent')}
      </a>
      {navigation.state === 'loading' ? (
        <div
          className={styles.progress}
          role="progressbar"
          aria-label={t('common:states.loading')}
        />
      ) : null}
      <SiteHeader
        channelName={data?.settings.channel_name ?? t('layout:header.fallbackName')}
        logoUrl={data?.settings.logo_url ?? null}
        items={headerItems}
        accountSlot={<AccountLink />}
      />
      {bootstrap.isError ? <ChannelDataNotice onRetry={() => void bootstrap.refetch()} /> : null}
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter
        settings={data?.settings}
        items={data ? footerNavItems(data.menu, data.pages) : []}
        about={findStaticBlock(data, 'footer_about')}
      />
      <CookieNotice
        privacyUrl={privacyPage?.url ?? '/privacy_policy'}
        text={findStaticBlock(data, 'cookie_notice')?.content}
      />
      <ScrollRestoration />
    </>
  );
}
